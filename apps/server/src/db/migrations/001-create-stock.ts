import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/** Bikes and the ledger of every stock change. */
export function createStockTables(kind: DatabaseKind) {
  const timestampType = kind === "postgres" ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("bike")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("des", "text", (column) => column.notNull())
        .addColumn("photo", "text", (column) => column.notNull())
        .addColumn("price_cents", "bigint", (column) =>
          column.notNull().check(sql`price_cents >= 0`),
        )
        .addColumn("quantity", "integer", (column) => column.notNull().check(sql`quantity >= 0`))
        .addColumn("supplier_name", "text", (column) => column.notNull())
        .addColumn("owner_id", "text")
        .addColumn("created_at", timestampType, (column) => column.notNull())
        .addColumn("updated_at", timestampType, (column) => column.notNull())
        .execute();
      // Listing keeps insertion order; owners list their own bikes.
      await db.schema
        .createIndex("bike_created_at_idx")
        .on("bike")
        .columns(["created_at", "id"])
        .execute();
      await db.schema.createIndex("bike_owner_id_idx").on("bike").column("owner_id").execute();

      await db.schema
        .createTable("stock_movement")
        .addColumn("id", kind === "postgres" ? "bigserial" : "integer", (column) =>
          kind === "postgres" ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn("bike_id", "text", (column) => column.notNull())
        .addColumn("bike_name", "text", (column) => column.notNull())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("delta", "integer", (column) => column.notNull())
        .addColumn("quantity_after", "integer", (column) => column.notNull())
        .addColumn("actor_id", "text")
        .addColumn("actor_email", "text")
        .addColumn("created_at", timestampType, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("stock_movement_bike_idx")
        .on("stock_movement")
        .columns(["bike_id", "id"])
        .execute();
    },
  };
}
