import {
  DEFAULT_REORDER_POINT,
  QUANTITY_MAX,
  type Bike,
  type Item,
  type NewBike,
} from "@ultimate-bikes/contract/bikes";
import type { NewUnit } from "@ultimate-bikes/contract/units";
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import {
  changesBetween,
  costPriceCents,
  detailsColumns,
  storedDetailsOf,
  type StoredDetails,
} from "./bike-details.ts";
import {
  addAtPlace,
  checkPlace,
  defaultPlaceOf,
  shortAtPlace,
  stockOf,
  takeFromPlace,
} from "../places/place-stock.ts";
import { refuse, UnitRefusalError, type UnitRefusal } from "../units/unit-refusals.ts";
import {
  addUnits,
  deliverUnits,
  linkUnits,
  pickUnits,
  refuseTakingHeld,
  type UnitActor,
} from "../units/unit-stock.ts";
import { bikeColumns, toBike, withStock } from "./bike-rows.ts";
import {
  committingWrites,
  findBikeIn,
  insertBikeWithMovement,
  now,
  recordMovement,
  type Actor,
  type Executor,
} from "./bike-writes.ts";

/**
 * What a conditional quantity change found: the bike after the change, or (nothing changed) the
 * quantity stored now, or no bike at all. The stock rules say what a refusal means.
 */
export type QuantityChange =
  | { bike: Bike }
  | { currentQuantity: number }
  /** The bike has enough units, but not at that place: where it has them, in words. */
  | { currentQuantity: number; shortAtPlace: string }
  /** A refusal about units (units/unit-refusals.ts); nothing changed. */
  | { unitRefusal: UnitRefusal }
  | undefined;

/**
 * Where a quantity change happens, and the quantity it expects and the order it is for, if any.
 * On a model tracked by unit: the units an import brings, or the unit a delivery takes (else the
 * oldest available there), and whether the caller may deliver a unit someone else holds.
 */
interface QuantityChangeOptions {
  expected?: number;
  reference?: string;
  placeId: string;
  units?: readonly NewUnit[] | undefined;
  unitId?: string | undefined;
  admin?: boolean;
}

/** Thrown inside a transaction to undo it: too few units at the place (QuantityChange). */
class ShortAtPlace extends Error {
  readonly currentQuantity: number;
  readonly where: string;
  constructor(currentQuantity: number, where: string) {
    super(where);
    this.currentQuantity = currentQuantity;
    this.where = where;
  }
}

/**
 * The units a quantity change moves, in its transaction: on a tracked model, the units an import
 * brings (as many as its amount) or those a delivery takes; on an untracked one, none, and a
 * delivery leaves the units held at the place. The ids, for the ledger entry.
 */
async function changeUnits(
  trx: Transaction<Database>,
  bike: { id: string; name: string; tracks_units: boolean | number },
  delta: number,
  options: {
    placeId: string;
    units: readonly NewUnit[] | undefined;
    unitId: string | undefined;
    actor: UnitActor;
    leftAtPlace: number;
    at: string;
  },
): Promise<string[]> {
  const { placeId, units, unitId, actor, at } = options;
  if (!bike.tracks_units) {
    if (units !== undefined || unitId !== undefined) {
      refuse({ reason: "units-not-tracked", bike: bike.name });
    }
    if (delta < 0) await refuseTakingHeld(trx, bike.id, placeId, options.leftAtPlace);
    return [];
  }
  if (delta > 0) {
    if (units === undefined) refuse({ reason: "units-required", bike: bike.name });
    if (units.length !== delta) {
      refuse({ reason: "unit-count-mismatch", amount: delta, units: units.length });
    }
    return addUnits(trx, bike.id, placeId, units, at);
  }
  const picked = await pickUnits(trx, bike.id, placeId, -delta, {
    unitIds: unitId === undefined ? undefined : [unitId],
    actor,
    purpose: "deliver",
  });
  await deliverUnits(trx, bike.id, picked, actor, at);
  return picked.unitIds;
}

/** What an edit of a bike's details did: edited (or nothing to change), refused as stale, or no bike. */
export type DetailsEdit = { edited: StoredDetails } | { stale: StoredDetails } | undefined;

/** A condition on a bike's row: its details are still these (a compare-and-set's). */
const detailsStillAre = (details: StoredDetails) => (eb: ExpressionBuilder<Database, "bike">) =>
  eb.and([
    ...Object.entries(detailsColumns(details)).map(([column, value]) =>
      eb(column as keyof ReturnType<typeof detailsColumns>, "=", value),
    ),
    ...(details.costPrice === undefined
      ? []
      : details.costPrice === null
        ? [eb("cost_price_cents", "is", null)]
        : [eb("cost_price_cents", "=", costPriceCents(details.costPrice))]),
  ]);

async function detailsIn(executor: Executor, id: string): Promise<StoredDetails | undefined> {
  const row = await executor
    .selectFrom("bike")
    .select([
      "name",
      "photo",
      "des",
      "price_cents",
      "supplier_name",
      "reorder_point",
      "cost_price_cents",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && storedDetailsOf(row);
}

/**
 * The stock as it is: reading bikes, adding them, changing their quantity and details. Every
 * quantity change is one conditional UPDATE (the database decides, never a value read earlier)
 * plus its movement, in one transaction. `committed` runs after each write that committed, so
 * this process can tell its live subscribers (db/stock-changes.ts). Deleted bikes are
 * deleted-bikes-repository.ts's, the ledger ledger/ledger-repository.ts's; CSV imports write
 * through stock-csv/stock-csv-repository.ts.
 */
export function createStockRepository(
  db: Kysely<Database>,
  { committed = () => {}, publicUrl }: { committed?: () => void; publicUrl: string },
) {
  const write = committingWrites(db, committed);

  /** changeQuantity's transaction; throws ShortAtPlace to undo it. */
  function changeAtPlace(
    id: string,
    delta: number,
    kind: "deliver" | "import",
    actor: Actor,
    { expected, reference, placeId, units, unitId, admin = false }: QuantityChangeOptions,
  ): Promise<QuantityChange> {
    return write(async (trx) => {
      const at = now();
      // The bike's row first (its lock orders every stock change of the bike), then its place's.
      let update = trx
        .updateTable("bike")
        .set({ quantity: sql`quantity + ${delta}`, updated_at: now() })
        .where("id", "=", id)
        .where(sql<boolean>`quantity + ${delta} >= 0`)
        .where(sql<boolean>`quantity + ${delta} <= ${QUANTITY_MAX}`);
      if (expected !== undefined) update = update.where("quantity", "=", expected);
      const changed = await update
        .returning(["id", "name", "quantity", "tracks_units"])
        .executeTakeFirst();
      if (!changed) {
        const current = await trx
          .selectFrom("bike")
          .select("quantity")
          .where("id", "=", id)
          .executeTakeFirst();
        return current && { currentQuantity: current.quantity };
      }
      const atPlace =
        delta > 0
          ? await addAtPlace(trx, id, placeId, delta)
          : await takeFromPlace(trx, id, placeId, -delta);
      if (atPlace === undefined) {
        throw new ShortAtPlace(changed.quantity - delta, await shortAtPlace(trx, id, placeId));
      }
      const unitIds = await changeUnits(trx, changed, delta, {
        placeId,
        units,
        unitId,
        actor: { id: actor.id, admin },
        leftAtPlace: atPlace,
        at,
      });
      const movementId = await recordMovement(
        trx,
        changed,
        kind,
        delta,
        changed.quantity,
        actor,
        at,
        { reference, placeId, placeDelta: delta, placeQuantityAfter: atPlace },
      );
      await linkUnits(trx, movementId, unitIds);
      return { bike: (await findBikeIn(trx, id, publicUrl))! };
    });
  }

  return {
    async list(): Promise<Bike[]> {
      const rows = await db
        .selectFrom("bike")
        .select(bikeColumns)
        .orderBy("bike.created_at")
        .orderBy("bike.id")
        .execute();
      const stock = await stockOf(db, "all");
      return rows.map((row) => withStock(toBike(row, publicUrl), stock.get(row.id)));
    },

    findById: (id: string) => findBikeIn(db, id, publicUrl),

    /**
     * My Items: the only read that selects the owner's email. better-auth stores emails
     * lowercased and the contract lowercases the one asked for, so equality finds them.
     */
    async listOwnedBy(email: string): Promise<Item[]> {
      const rows = await db
        .selectFrom("bike")
        .innerJoin("user as owner", "owner.id", "bike.owner_id")
        .select([...bikeColumns, "owner.email"])
        .where("owner.email", "=", email)
        .orderBy("bike.created_at")
        .orderBy("bike.id")
        .execute();
      const stock = await stockOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        ...withStock(toBike(row, publicUrl), stock.get(row.id)),
        email: row.email,
      }));
    },

    /**
     * Applies `delta` at `placeId` (a place the caller checked) in one conditional UPDATE of the
     * bike, kept within 0 and QUANTITY_MAX, and one of its units there, kept at 0 or more;
     * `expected` makes it a compare-and-set on the quantity the caller saw. Records the movement
     * in the same transaction; too few at the place undoes it all.
     */
    async changeQuantity(
      id: string,
      delta: number,
      kind: "deliver" | "import",
      actor: Actor,
      options: QuantityChangeOptions,
    ): Promise<QuantityChange> {
      try {
        return await changeAtPlace(id, delta, kind, actor, options);
      } catch (error) {
        if (error instanceof UnitRefusalError) return { unitRefusal: error.refusal };
        if (!(error instanceof ShortAtPlace)) throw error;
        return { currentQuantity: error.currentQuantity, shortAtPlace: error.where };
      }
    },

    /** Where a person's stock actions happen unless they name a place. */
    defaultPlaceOf: (userId: string) => defaultPlaceOf(db, userId),

    /** Whether a place a request names exists and takes stock. */
    checkPlace: (placeId: string) => checkPlace(db, placeId),

    /**
     * Edits a bike's details in one transaction, if `accepts` the details stored now (the edit's
     * If-Match), and records what changed as an `edit` movement. The UPDATE is conditional on the
     * values it read, so an edit committed in between makes this one stale, never lost.
     */
    async editDetails(
      id: string,
      edit: Partial<StoredDetails>,
      accepts: (current: StoredDetails) => boolean,
      actor: Actor,
    ): Promise<DetailsEdit> {
      return write(async (trx) => {
        const current = await detailsIn(trx, id);
        if (!current) return undefined;
        if (!accepts(current)) return { stale: current };
        // A detail the edit leaves out (a PATCH names only what it changes) stays as stored.
        const next: StoredDetails = { ...current };
        for (const [field, value] of Object.entries(edit)) {
          if (value !== undefined) Object.assign(next, { [field]: value });
        }
        const changes = changesBetween(current, next);
        if (changes.length === 0) return { edited: current };
        // A cost price left out stays as it is.
        const costPrice = next.costPrice === undefined ? current.costPrice : next.costPrice;
        const changed = await trx
          .updateTable("bike")
          .set({
            ...detailsColumns(next),
            cost_price_cents: costPriceCents(costPrice ?? null),
            updated_at: now(),
          })
          .where("id", "=", id)
          .where(detailsStillAre(current))
          .returning(["id", "name", "quantity"])
          .executeTakeFirst();
        if (!changed) {
          const stored = await detailsIn(trx, id);
          return stored && { stale: stored };
        }
        await recordMovement(trx, changed, "edit", 0, changed.quantity, actor, undefined, {
          changes,
        });
        return { edited: { ...next, costPrice } };
      });
    },

    /** A bike's editable details as stored, or undefined when there is no such bike. */
    details: (id: string) => detailsIn(db, id),

    /** The id of the owner's bike added since `since` with exactly these fields, if any. */
    async findRecentTwin(bike: NewBike, ownerId: string, since: Date): Promise<string | undefined> {
      const twin = await db
        .selectFrom("bike")
        .select("id")
        .where("owner_id", "=", ownerId)
        .where("name", "=", bike.name)
        .where("des", "=", bike.des)
        .where("photo", "=", bike.photo)
        .where("price_cents", "=", Math.round(bike.price * 100))
        // The quantity it was added with (it may have changed since): its "create" movement.
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("stock_movement")
              .select("stock_movement.id")
              .whereRef("stock_movement.bike_id", "=", "bike.id")
              .where("stock_movement.kind", "=", "create")
              .where("stock_movement.delta", "=", bike.quantity),
          ),
        )
        .where("supplier_name", "=", bike.supplierName)
        .where("reorder_point", "=", bike.reorderPoint ?? DEFAULT_REORDER_POINT)
        .where("created_at", ">=", since.toISOString())
        .orderBy("created_at", "desc")
        .executeTakeFirst();
      return twin?.id;
    },

    /** Adds one bike owned by `owner`, its units at `placeId`, with its opening movement; its id. */
    create: (bike: NewBike, owner: Actor, placeId: string): Promise<string> =>
      write((trx) => insertBikeWithMovement(trx, bike, owner, "create", now(), placeId)),

    async ownerOf(id: string): Promise<{ ownerId: string | null } | undefined> {
      const row = await db
        .selectFrom("bike")
        .select("owner_id")
        .where("id", "=", id)
        .executeTakeFirst();
      return row && { ownerId: row.owner_id };
    },
  };
}

export type StockRepository = ReturnType<typeof createStockRepository>;
