import {
  DEFAULT_REORDER_POINT,
  QUANTITY_MAX,
  type BikeChange,
  type Bike,
  type Item,
  type NewBike,
  type StockMovement,
} from "@ultimate-bikes/contract/bikes";
import { stockStatusOf } from "@ultimate-bikes/contract/stock";
import type { StockEvent } from "@ultimate-bikes/contract/stock-events";
import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Transaction,
} from "kysely";
import { randomUUID } from "node:crypto";
import type { BikeTable, Database, StockMovementKind } from "../db/schema.ts";
import { toIsoTimestamp } from "../db/schema.ts";
import { changesBetween, detailsColumns, type StoredDetails } from "./bike-details.ts";
import { bikeColumns, toBike } from "./bike-rows.ts";
import { FORMER_COLLEAGUE, movementColumns, movementOf } from "./movement-rows.ts";

export interface Actor {
  id: string;
  email: string;
}

/**
 * What a conditional quantity change found: the bike after the change, or (nothing changed) the
 * quantity stored now, or no bike at all. The stock rules say what a refusal means.
 */
export type QuantityChange = { bike: Bike } | { currentQuantity: number } | undefined;

const now = () => new Date().toISOString();

/**
 * Every column a bike row keeps when it is deleted and brings back when it is restored: all of
 * `bike`'s but the search index's own, which the triggers on `bike` make anew.
 */
const storedBikeColumns = [
  "id",
  "name",
  "des",
  "photo",
  "price_cents",
  "quantity",
  "supplier_name",
  "reorder_point",
  "owner_id",
  "created_at",
  "updated_at",
] as const;

/** What an edit of a bike's details did: edited (or nothing to change), refused as stale, or no bike. */
export type DetailsEdit = { edited: StoredDetails } | { stale: StoredDetails } | undefined;

/** A condition on a bike's row: its details are still these (a compare-and-set's). */
const detailsStillAre = (details: StoredDetails) => (eb: ExpressionBuilder<Database, "bike">) =>
  eb.and(
    Object.entries(detailsColumns(details)).map(([column, value]) =>
      eb(column as keyof ReturnType<typeof detailsColumns>, "=", value),
    ),
  );

/** A bike in Recently deleted, with when and by whom (docs/decisions/015). */
export interface DeletedBikeRecord {
  bike: Bike;
  deletedAt: string;
  /** By name; null when no one is on record. */
  deletedBy: string | null;
}

/**
 * Data access for bikes and their stock ledger: the only module that writes SQL against them.
 * Every quantity change is one conditional UPDATE (the database decides, never a value read
 * earlier) plus its movement, in one transaction. `committed` runs after each write that
 * committed, so this process can tell its live subscribers (db/stock-changes.ts). CSV imports
 * write through stock-csv/stock-csv-repository.ts.
 */
export function createBikeRepository(
  db: Kysely<Database>,
  { committed = () => {}, publicUrl }: { committed?: () => void; publicUrl: string },
) {
  /** A write in one transaction; the stock changed once it has committed, whatever it returns. */
  async function write<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(work);
    committed();
    return result;
  }

  async function findIn(executor: Kysely<Database> | Transaction<Database>, id: string) {
    const row = await executor
      .selectFrom("bike")
      .select(bikeColumns)
      .where("bike.id", "=", id)
      .executeTakeFirst();
    return row && toBike(row, publicUrl);
  }

  async function record(
    trx: Transaction<Database>,
    bike: { id: string; name: string },
    kind: StockMovementKind,
    delta: number,
    quantityAfter: number,
    actor: Actor | null,
    at = now(),
    {
      reference = null,
      changes = null,
    }: { reference?: string | null; changes?: BikeChange[] | null } = {},
  ) {
    await trx
      .insertInto("stock_movement")
      .values({
        bike_id: bike.id,
        bike_name: bike.name,
        kind,
        delta,
        quantity_after: quantityAfter,
        actor_id: actor?.id ?? null,
        actor_email: actor?.email ?? null,
        created_at: at,
        reference,
        changes: changes && JSON.stringify(changes),
      })
      .execute();
  }

  async function detailsIn(
    executor: Kysely<Database> | Transaction<Database>,
    id: string,
  ): Promise<StoredDetails | undefined> {
    const row = await executor
      .selectFrom("bike")
      .select(["name", "photo", "des", "price_cents", "supplier_name", "reorder_point"])
      .where("id", "=", id)
      .executeTakeFirst();
    return (
      row && {
        name: row.name,
        photo: row.photo,
        des: row.des,
        price: Number(row.price_cents) / 100,
        supplierName: row.supplier_name,
        reorderPoint: row.reorder_point,
      }
    );
  }

  async function insertWithMovement(
    trx: Transaction<Database>,
    bike: NewBike,
    owner: Actor | null,
    kind: "create" | "seed",
    createdAt: string,
  ): Promise<string> {
    const id = randomUUID();
    await trx
      .insertInto("bike")
      .values({
        id,
        name: bike.name,
        des: bike.des,
        photo: bike.photo,
        price_cents: Math.round(bike.price * 100),
        quantity: bike.quantity,
        supplier_name: bike.supplierName,
        reorder_point: bike.reorderPoint ?? DEFAULT_REORDER_POINT,
        owner_id: owner?.id ?? null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
    await record(
      trx,
      { id, name: bike.name },
      kind,
      bike.quantity,
      bike.quantity,
      owner,
      createdAt,
    );
    return id;
  }

  return {
    async list(): Promise<Bike[]> {
      const rows = await db
        .selectFrom("bike")
        .select(bikeColumns)
        .orderBy("bike.created_at")
        .orderBy("bike.id")
        .execute();
      return rows.map((row) => toBike(row, publicUrl));
    },

    findById: (id: string) => findIn(db, id),

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
      return rows.map((row) => ({ ...toBike(row, publicUrl), email: row.email }));
    },

    /**
     * Applies `delta` in one conditional UPDATE, kept within 0 and QUANTITY_MAX; `expected` makes
     * it a compare-and-set on the quantity the caller saw. Records the movement in the same
     * transaction.
     */
    async changeQuantity(
      id: string,
      delta: number,
      kind: "deliver" | "import",
      actor: Actor,
      { expected, reference }: { expected?: number; reference?: string } = {},
    ): Promise<QuantityChange> {
      return write(async (trx) => {
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
        await record(trx, changed, kind, delta, changed.quantity, actor, undefined, { reference });
        return { bike: (await findIn(trx, id))! };
      });
    },

    /**
     * Edits a bike's details in one transaction, if `accepts` the details stored now (the edit's
     * If-Match), and records what changed as an `edit` movement. The UPDATE is conditional on the
     * values it read, so an edit committed in between makes this one stale, never lost.
     */
    async editDetails(
      id: string,
      next: StoredDetails,
      accepts: (current: StoredDetails) => boolean,
      actor: Actor,
    ): Promise<DetailsEdit> {
      return write(async (trx) => {
        const current = await detailsIn(trx, id);
        if (!current) return undefined;
        if (!accepts(current)) return { stale: current };
        const changes = changesBetween(current, next);
        if (changes.length === 0) return { edited: current };
        const changed = await trx
          .updateTable("bike")
          .set({ ...detailsColumns(next), updated_at: now() })
          .where("id", "=", id)
          .where(detailsStillAre(current))
          .returning(["id", "name", "quantity"])
          .executeTakeFirst();
        if (!changed) {
          const stored = await detailsIn(trx, id);
          return stored && { stale: stored };
        }
        await record(trx, changed, "edit", 0, changed.quantity, actor, undefined, { changes });
        return { edited: next };
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

    /** Adds one bike owned by `owner`, with its opening movement; returns its id. */
    create: (bike: NewBike, owner: Actor): Promise<string> =>
      write((trx) => insertWithMovement(trx, bike, owner, "create", now())),

    /** Fills an empty stock with warehouse bikes (no owner); returns how many it added. */
    async seedIfEmpty(stock: readonly NewBike[]): Promise<number> {
      return write(async (trx) => {
        const existing = await trx.selectFrom("bike").select("id").limit(1).executeTakeFirst();
        if (existing) return 0;
        const start = Date.now();
        for (const [index, bike] of stock.entries()) {
          // One millisecond apart, so the list keeps the seed's order.
          await insertWithMovement(trx, bike, null, "seed", new Date(start + index).toISOString());
        }
        return stock.length;
      });
    },

    /**
     * Stores ready-made warehouse bikes (the bulk stock of db/bulk-stock.ts) with their opening
     * ledger entries, in one transaction of multi-row inserts: the fast path for many bikes.
     */
    async insertSeedRows(rows: readonly Insertable<BikeTable>[], rowsPerInsert: number) {
      await write(async (trx) => {
        for (let start = 0; start < rows.length; start += rowsPerInsert) {
          const batch = rows.slice(start, start + rowsPerInsert);
          await trx.insertInto("bike").values(batch).execute();
          await trx
            .insertInto("stock_movement")
            .values(
              batch.map((bike) => ({
                bike_id: bike.id,
                bike_name: bike.name,
                kind: "seed" as const,
                delta: bike.quantity,
                quantity_after: bike.quantity,
                actor_id: null,
                actor_email: null,
                created_at: bike.created_at,
              })),
            )
            .execute();
        }
      });
    },

    /**
     * Deletes the bike softly: its row moves to `deleted_bike` as it was, and the ledger records
     * the units that left with it. Every read of the stock stops seeing it at once.
     */
    async delete(id: string, actor: Actor): Promise<boolean> {
      return write(async (trx) => {
        const removed = await trx
          .deleteFrom("bike")
          .where("id", "=", id)
          .returning(storedBikeColumns)
          .executeTakeFirst();
        if (!removed) return false;
        const at = now();
        await trx
          .insertInto("deleted_bike")
          .values({ ...removed, deleted_at: at, deleted_by: actor.id })
          .execute();
        await record(trx, removed, "delete", -removed.quantity, 0, actor, at);
        return true;
      });
    },

    /**
     * Brings a deleted bike back: the same id and fields, the quantity it had, and a `restore`
     * movement for the units that came back with it. Undefined when it is not in
     * `deleted_bike` (never deleted, purged, or restored by someone else just now).
     */
    async restore(id: string, actor: Actor): Promise<Bike | undefined> {
      return write(async (trx) => {
        const deleted = await trx
          .deleteFrom("deleted_bike")
          .where("id", "=", id)
          .returning(storedBikeColumns)
          .executeTakeFirst();
        if (!deleted) return undefined;
        const at = now();
        // Its stock changed just now, as far as the lists' "last change" is concerned.
        await trx
          .insertInto("bike")
          .values({ ...deleted, updated_at: at })
          .execute();
        await record(trx, deleted, "restore", deleted.quantity, deleted.quantity, actor, at);
        return (await findIn(trx, id))!;
      });
    },

    async ownerOfDeleted(id: string): Promise<{ ownerId: string | null } | undefined> {
      const row = await db
        .selectFrom("deleted_bike")
        .select("owner_id")
        .where("id", "=", id)
        .executeTakeFirst();
      return row && { ownerId: row.owner_id };
    },

    /** Recently deleted, newest deletion first, with who deleted each by name. */
    async listDeleted(limit: number): Promise<DeletedBikeRecord[]> {
      const rows = await db
        .selectFrom("deleted_bike")
        .leftJoin("user", "user.id", "deleted_bike.deleted_by")
        .select([
          "deleted_bike.id",
          "deleted_bike.name",
          "deleted_bike.photo",
          "deleted_bike.des",
          "deleted_bike.price_cents",
          "deleted_bike.quantity",
          "deleted_bike.supplier_name",
          "deleted_bike.reorder_point",
          "deleted_bike.deleted_at",
          "deleted_bike.deleted_by",
          "user.name as deleted_by_name",
        ])
        .orderBy("deleted_bike.deleted_at", "desc")
        .orderBy("deleted_bike.id", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        bike: toBike(row, publicUrl),
        deletedAt: toIsoTimestamp(row.deleted_at),
        deletedBy: row.deleted_by === null ? null : (row.deleted_by_name ?? FORMER_COLLEAGUE),
      }));
    },

    /**
     * Purges the bikes deleted before `cutoff` for good; returns how many. Their ledger stays.
     * Safe to run on several servers at once: a second run finds nothing left to delete.
     */
    async purgeDeletedBefore(cutoff: Date): Promise<number> {
      const result = await db
        .deleteFrom("deleted_bike")
        .where("deleted_at", "<", cutoff.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async ownerOf(id: string): Promise<{ ownerId: string | null } | undefined> {
      const row = await db
        .selectFrom("bike")
        .select("owner_id")
        .where("id", "=", id)
        .executeTakeFirst();
      return row && { ownerId: row.owner_id };
    },

    async movements(id: string, limit: number): Promise<StockMovement[]> {
      const rows = await db
        .selectFrom("stock_movement")
        .leftJoin("user", "user.id", "stock_movement.actor_id")
        .select(movementColumns)
        .where("stock_movement.bike_id", "=", id)
        .orderBy("stock_movement.id", "desc")
        .limit(limit)
        .execute();
      return rows.map(movementOf);
    },

    /** The newest movement's id; null while the ledger is empty. */
    async latestMovementId(): Promise<number | null> {
      const row = await db
        .selectFrom("stock_movement")
        .select((eb) => eb.fn.max("id").as("latest"))
        .executeTakeFirst();
      return row?.latest == null ? null : Number(row.latest);
    },

    /**
     * The movements after `afterId`, oldest first, as live stock events (docs/decisions/011). A
     * bike that came in (or back) carries its public fields, with the quantity it came in with.
     */
    async movementsAfter(afterId: number, limit: number): Promise<StockEvent[]> {
      const rows = await db
        .selectFrom("stock_movement as movement")
        .leftJoin("bike", (join) =>
          join
            .onRef("bike.id", "=", "movement.bike_id")
            .on("movement.kind", "in", ["create", "seed", "restore", "edit"]),
        )
        .select([
          "movement.id as movement_id",
          "movement.bike_id",
          "movement.bike_name",
          "movement.kind",
          "movement.delta",
          "movement.quantity_after",
          "movement.created_at as moved_at",
          "bike.id",
          "bike.name",
          "bike.photo",
          "bike.des",
          "bike.price_cents",
          "bike.supplier_name",
          "bike.reorder_point",
          "bike.updated_at",
        ])
        .where("movement.id", ">", afterId)
        .orderBy("movement.id")
        .limit(limit)
        .execute();
      return rows.map((row) => {
        const event: StockEvent = {
          id: Number(row.movement_id),
          bikeId: row.bike_id,
          name: row.bike_name,
          kind: row.kind,
          delta: row.delta,
          quantity: row.quantity_after,
          at: toIsoTimestamp(row.moved_at),
        };
        if (row.id === null) return event;
        // The join matched, so every bike column is there.
        const bike = toBike(
          {
            id: row.id,
            name: row.name!,
            photo: row.photo!,
            des: row.des!,
            price_cents: row.price_cents!,
            quantity: row.quantity_after,
            supplier_name: row.supplier_name!,
            reorder_point: row.reorder_point!,
          },
          publicUrl,
        );
        return {
          ...event,
          bike: {
            ...bike,
            status: stockStatusOf(bike.quantity, bike.reorderPoint),
            updatedAt: toIsoTimestamp(row.updated_at!),
          },
        };
      });
    },
  };
}

export type BikeRepository = ReturnType<typeof createBikeRepository>;
