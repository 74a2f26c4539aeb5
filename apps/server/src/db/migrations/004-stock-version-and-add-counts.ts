import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/**
 * The stock version: one number that every insert, update or delete of a bike moves, by a
 * trigger in the database, so no write of any server sharing it can forget to (read-cache.ts,
 * docs/decisions/010). And the per-account count of bikes added (bikes/add-rate-limit.ts).
 */
export function createStockVersionAndAddCounts(kind: DatabaseKind) {
  const triggers = kind === "postgres" ? postgresTriggers : sqliteTriggers;
  return {
    async up(db: Kysely<unknown>) {
      await sql`create table stock_version (id integer primary key check (id = 1), version bigint not null${
        kind === "postgres" ? sql`, bumped_by xid8` : sql``
      })`.execute(db);
      // From the clock, not 0: a database made anew never repeats a version (so an ETag) of the
      // one it replaced, which a browser may still hold.
      await sql`insert into stock_version (id, version) values (1, ${Date.now()})`.execute(db);
      for (const statement of triggers) await statement.execute(db);

      await sql`create table bike_add_window (user_id text primary key, window_start bigint not null, added integer not null)`.execute(
        db,
      );
    },
  };
}

/** SQLite has row triggers only; its one writer at a time makes the extra update cheap. */
const sqliteTriggers = (["insert", "update", "delete"] as const).map(
  (event) =>
    sql`create trigger ${sql.raw(`bike_${event}_moves_stock_version`)} after ${sql.raw(event)} on bike
      begin update stock_version set version = version + 1 where id = 1; end`,
);

/**
 * PostgreSQL: a deferred constraint trigger bumps the version once per transaction, at commit.
 * Taking the version row's lock only then keeps concurrent stock changes from queueing behind
 * it for their whole transaction, and a transaction that changes many bikes moves it once.
 */
const postgresTriggers = [
  sql`create function stock_version_bump() returns trigger language plpgsql as $$
    begin
      update stock_version set version = version + 1, bumped_by = pg_current_xact_id()
        where id = 1 and bumped_by is distinct from pg_current_xact_id();
      return null;
    end $$`,
  sql`create constraint trigger bike_moves_stock_version
    after insert or update or delete on bike deferrable initially deferred
    for each row execute function stock_version_bump()`,
  sql`create trigger bike_truncate_moves_stock_version after truncate on bike
    for each statement execute function stock_version_bump()`,
];
