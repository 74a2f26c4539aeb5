import {
  DEFAULT_REORDER_POINT,
  QUANTITY_MAX,
  type Bike,
  type Item,
  type NewBike,
} from "@ultimate-bikes/contract/bikes";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
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
  | undefined;

/** Where a quantity change happens, and the quantity it expects and the order it is for, if any. */
interface QuantityChangeOptions {
  expected?: number;
  reference?: string;
  placeId: string;
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
    { expected, reference, placeId }: QuantityChangeOptions,
  ): Promise<QuantityChange> {
    return write(async (trx) => {
      // The bike's row first (its lock orders every stock change of the bike), then its place's.
      let update = trx
        .updateTable("bike")
        .set({ quantity: sql`quantity + ${delta}`, updated_at: now() })
        .where("id", "=", id)
        .where(sql<boolean>`quantity + ${delta} >= 0`)
        .where(sql<boolean>`quantity + ${delta} <= ${QUANTITY_MAX}`);
      if (expected !== undefined) update = update.where("quantity", "=", expected);
      const changed = await update.returning(["id", "name", "quantity"]).executeTakeFirst();
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
      await recordMovement(trx, changed, kind, delta, changed.quantity, actor, undefined, {
        reference,
        placeId,
        placeDelta: delta,
        placeQuantityAfter: atPlace,
      });
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
