import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/** The channel every app instance LISTENs on (db/stock-changes.ts). */
export const STOCK_CHANGED_CHANNEL = "stock_changed";

/**
 * Live stock on PostgreSQL (docs/decisions/011). SQLite needs nothing: one process writes it and
 * tells its own subscribers.
 *
 * 1. The version bump NOTIFYs every instance, with the new version, when its transaction commits.
 * 2. A ledger movement's id is drawn only while its transaction holds the version row's lock, so
 *    ids commit in increasing order. Without it, a transaction could draw id 7, commit after the
 *    one that drew 8, and a client resuming after 8 would never see 7. A statement trigger fires
 *    before any row's default (the id) is evaluated; the lock is then held only for the ledger
 *    insert and the commit, because the bike change comes first in every write.
 */
export function addStockChangeNotifications(kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== "postgres") return;
      await sql`create or replace function stock_version_bump() returns trigger language plpgsql as $$
        declare
          new_version bigint;
        begin
          update stock_version set version = version + 1, bumped_by = pg_current_xact_id()
            where id = 1 and bumped_by is distinct from pg_current_xact_id()
            returning version into new_version;
          if found then
            perform pg_notify(${sql.lit(STOCK_CHANGED_CHANNEL)}, new_version::text);
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger stock_movement_ids_in_commit_order
        before insert on stock_movement
        for each statement execute function stock_version_bump()`.execute(db);
    },
  };
}
