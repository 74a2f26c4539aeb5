import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/**
 * Soft delete (docs/decisions/015): a deleted bike's row moves from `bike` into `deleted_bike`,
 * with when and by whom, until it is restored or its retention period is over. Its own table, so
 * every read of the stock, its indexes, the search index and the triggers on `bike` stay as they
 * are. The columns are the bike's of migrations 001 and 003; the search columns are not kept:
 * the triggers on `bike` make them anew when a bike comes back.
 */
export function createDeletedBikes(kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      // As in migration 003: PostgreSQL runs each migration in a transaction, SQLite needs its own.
      if (kind === "postgres") await createTable(db, kind);
      else await db.transaction().execute((trx) => createTable(trx, kind));
    },
  };
}

async function createTable(db: Kysely<unknown>, kind: DatabaseKind) {
  const timestampType = kind === "postgres" ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable("deleted_bike")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("des", "text", (column) => column.notNull())
    .addColumn("photo", "text", (column) => column.notNull())
    .addColumn("price_cents", "bigint", (column) => column.notNull().check(sql`price_cents >= 0`))
    .addColumn("quantity", "integer", (column) => column.notNull().check(sql`quantity >= 0`))
    .addColumn("supplier_name", "text", (column) => column.notNull())
    .addColumn("reorder_point", "integer", (column) =>
      column.notNull().check(sql`reorder_point >= 0`),
    )
    .addColumn("owner_id", "text")
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .addColumn("deleted_at", timestampType, (column) => column.notNull())
    .addColumn("deleted_by", "text")
    .execute();
  // Recently deleted lists the newest first; the purge deletes the oldest.
  await db.schema
    .createIndex("deleted_bike_deleted_at_idx")
    .on("deleted_bike")
    .columns(["deleted_at", "id"])
    .execute();
}
