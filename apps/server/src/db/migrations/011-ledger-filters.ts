import type { Kysely } from "kysely";

/**
 * The whole ledger's filters (issue 13), newest first, stay index lookups at a million movements:
 * by person and by kind, each in id order; by date through `created_at` (the bike filter has
 * migration 001's index).
 */
export function addLedgerFilterIndexes() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("stock_movement_actor_idx")
        .on("stock_movement")
        .columns(["actor_id", "id"])
        .execute();
      await db.schema
        .createIndex("stock_movement_kind_idx")
        .on("stock_movement")
        .columns(["kind", "id"])
        .execute();
      await db.schema
        .createIndex("stock_movement_created_at_idx")
        .on("stock_movement")
        .columns(["created_at", "id"])
        .execute();
    },
  };
}
