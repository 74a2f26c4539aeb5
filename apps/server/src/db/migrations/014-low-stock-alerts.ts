import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/**
 * Low-stock alerts (issue 13, docs/decisions/020): who wants them, and an outbox of alerts to send.
 * A trigger queues an alert in the transaction of the change that takes a bike from above its
 * reorder point to at or below it (a delivery, an edit of the reorder point, an import, a `psql`
 * session): once per crossing, whatever wrote it, and never for a change that did not commit.
 */
export function createLowStockAlerts(kind: DatabaseKind) {
  const timestamp = kind === "postgres" ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("low_stock_subscription")
        .addColumn("user_id", "text", (column) => column.primaryKey())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("low_stock_alert")
        .addColumn("id", kind === "postgres" ? "bigserial" : "integer", (column) =>
          kind === "postgres" ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn("bike_id", "text", (column) => column.notNull())
        .addColumn("bike_name", "text", (column) => column.notNull())
        .addColumn("quantity", "integer", (column) => column.notNull())
        .addColumn("reorder_point", "integer", (column) => column.notNull())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("next_attempt_at", timestamp, (column) => column.notNull())
        .addColumn("claimed_until", timestamp)
        .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("sent_at", timestamp)
        .addColumn("last_error", "text")
        .execute();
      // The worker's question: what is due and not sent, oldest first.
      await db.schema
        .createIndex("low_stock_alert_due_idx")
        .on("low_stock_alert")
        .columns(["sent_at", "next_attempt_at", "id"])
        .execute();
      if (kind === "postgres") {
        await sql`
          create function queue_low_stock_alert() returns trigger language plpgsql as $$
          begin
            insert into low_stock_alert (bike_id, bike_name, quantity, reorder_point, created_at, next_attempt_at)
            values (new.id, new.name, new.quantity, new.reorder_point, now(), now());
            return null;
          end $$`.execute(db);
        await sql`
          create trigger bike_low_stock_alert after update of quantity, reorder_point on bike
          for each row when (old.quantity > old.reorder_point and new.quantity <= new.reorder_point)
          execute function queue_low_stock_alert()`.execute(db);
      } else {
        await sql`
          create trigger bike_low_stock_alert after update of quantity, reorder_point on bike
          when old.quantity > old.reorder_point and new.quantity <= new.reorder_point
          begin
            insert into low_stock_alert (bike_id, bike_name, quantity, reorder_point, created_at, next_attempt_at)
            values (new.id, new.name, new.quantity, new.reorder_point,
              strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
          end`.execute(db);
      }
    },
  };
}
