import type { Bike } from "@ultimate-bikes/contract/bikes";
import type { BikeFields } from "./bike-rows.ts";
import { formatTransferNumber } from "@ultimate-bikes/contract/transfers";
import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import { toIsoTimestamp, type Database } from "../db/schema.ts";
import { toBike } from "./bike-rows.ts";
import { committingWrites, findBikeIn, now, recordMovement, type Actor } from "./bike-writes.ts";
import { FORMER_COLLEAGUE } from "./movement-rows.ts";

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
  "cost_price_cents",
  "quantity",
  "supplier_name",
  "reorder_point",
  "owner_id",
  "created_at",
  "updated_at",
  "stock_number",
  "in_transit",
  "tracks_units",
  "held",
] as const;

/** A bike in Recently deleted, with when and by whom (docs/decisions/015). */
export interface DeletedBikeRecord {
  bike: BikeFields;
  deletedAt: string;
  /** By name; null when no one is on record. */
  deletedBy: string | null;
}

/** Units of a bike on their way between places, and the transfers carrying them (`T-000123`). */
export interface InTransit {
  units: number;
  transfers: string[];
}

/**
 * Why a bike was not deleted: false when there is none, else its units in transit (a delete
 * would lose them: they must be received first).
 */
async function inTransitOf(trx: Transaction<Database>, id: string): Promise<false | InTransit> {
  const bike = await trx
    .selectFrom("bike")
    .select("in_transit")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!bike) return false;
  const transfers = await trx
    .selectFrom("transfer_line")
    .innerJoin("transfer", "transfer.id", "transfer_line.transfer_id")
    .select("transfer.number")
    .where("transfer_line.bike_id", "=", id)
    .where("transfer.status", "=", "sent")
    .orderBy("transfer.number")
    .execute();
  return {
    units: bike.in_transit,
    transfers: transfers.map((transfer) => formatTransferNumber(Number(transfer.number))),
  };
}

/**
 * Deleted bikes (docs/decisions/015): soft deletes, restores and the purge past retention. A
 * delete or a restore moves the row between `bike` and `deleted_bike` and records the units that
 * left or came back, in one transaction; `committed` runs after each (db/stock-changes.ts).
 */
export function createDeletedBikesRepository(
  db: Kysely<Database>,
  { committed = () => {}, publicUrl }: { committed?: () => void; publicUrl: string },
) {
  const write = committingWrites(db, committed);

  return {
    /**
     * Deletes the bike softly: its row moves to `deleted_bike` as it was, and the ledger records
     * the units that left with it. Every read of the stock stops seeing it at once. Not while
     * any of its units are in transit: the answer says how many, and on which transfers.
     */
    async delete(id: string, actor: Actor): Promise<boolean | InTransit> {
      return write(async (trx) => {
        const removed = await trx
          .deleteFrom("bike")
          .where("id", "=", id)
          .where("in_transit", "=", 0)
          .returning(storedBikeColumns)
          .executeTakeFirst();
        if (!removed) return inTransitOf(trx, id);
        const at = now();
        await trx
          .insertInto("deleted_bike")
          .values({ ...removed, deleted_at: at, deleted_by: actor.id })
          .execute();
        await recordMovement(trx, removed, "delete", -removed.quantity, 0, actor, at);
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
        await recordMovement(
          trx,
          deleted,
          "restore",
          deleted.quantity,
          deleted.quantity,
          actor,
          at,
        );
        return (await findBikeIn(trx, id, publicUrl))!;
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
          "deleted_bike.stock_number",
          "deleted_bike.in_transit",
          "deleted_bike.tracks_units",
          "deleted_bike.held",
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
      return db.transaction().execute(async (trx) => {
        const due = (eb: ExpressionBuilder<Database, "deleted_bike">) =>
          eb("deleted_at", "<", cutoff.toISOString());
        // Its units at places, kept for a restore, go with it.
        await trx
          .deleteFrom("bike_stock")
          .where("bike_id", "in", (eb) => eb.selectFrom("deleted_bike").select("id").where(due))
          .execute();
        const result = await trx.deleteFrom("deleted_bike").where(due).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },
  };
}

export type DeletedBikesRepository = ReturnType<typeof createDeletedBikesRepository>;
