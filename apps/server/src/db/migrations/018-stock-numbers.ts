import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/**
 * Stock numbers (issue 21): every bike gets a short, unique number, shown as
 * `UB-00042`. Existing bikes, deleted ones included (a restore keeps its number), are numbered in
 * the order they were added. New numbers come from `stock_number_sequence`, one row whose
 * `last_number` a write raises in its own transaction (bikes/stock-number-sequence.ts): concurrent
 * creations queue on that row on PostgreSQL and on the one writer on SQLite, so no two get the
 * same number, and a batch (a CSV import, the bulk stock) takes a whole range in one update.
 * The column stays nullable: a server of the previous release may still add a bike during an
 * upgrade. Also indexes on the name ignoring case (alone, and after the supplier for its filter),
 * which the name sorts now use.
 */
export function addStockNumbers(kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      // As in migration 003: PostgreSQL runs each migration in a transaction, SQLite needs its own.
      if (kind === "postgres") await addAll(db, kind);
      else await db.transaction().execute((trx) => addAll(trx, kind));
    },
  };
}

async function addAll(db: Kysely<unknown>, kind: DatabaseKind) {
  // Every change of the schema first: on PostgreSQL, an update of `bike` leaves its deferred
  // stock version trigger pending until commit, and a table with pending trigger events cannot
  // be altered or indexed in the same transaction.
  await sql`alter table bike add column stock_number integer`.execute(db);
  await sql`alter table deleted_bike add column stock_number integer`.execute(db);
  await sql`create unique index bike_stock_number_idx on bike (stock_number)`.execute(db);
  await sql`create index deleted_bike_stock_number_idx on deleted_bike (stock_number)`.execute(db);
  await sql`create table stock_number_sequence (name text primary key, last_number integer not null)`.execute(
    db,
  );
  // Name sorts ignore case (issue 21): the sort's key, then the id, as every sort index.
  await sql`create index bike_name_folded_idx on bike (lower(name), id)`.execute(db);
  await sql`create index bike_supplier_name_folded_idx on bike (supplier_name, lower(name), id)`.execute(
    db,
  );

  const numbered = sql`(
    select id, row_number() over (order by created_at, id) as number
    from (select id, created_at from bike union all select id, created_at from deleted_bike) as every_bike
  ) as numbered`;
  for (const table of ["bike", "deleted_bike"]) {
    // UPDATE … FROM: one pass on both databases (SQLite since 3.33).
    await sql`update ${sql.table(table)} set stock_number = numbered.number from ${numbered}
      where numbered.id = ${sql.table(table)}.id`.execute(db);
  }
  await sql`insert into stock_number_sequence (name, last_number)
    select 'bike', (select count(*) from bike) + (select count(*) from deleted_bike)`.execute(db);
  // PostgreSQL runs every pending migration in one transaction: the triggers the updates left
  // pending fire now, so that a later migration may alter `bike` (migration 019 does).
  if (kind === "postgres") await sql`set constraints all immediate`.execute(db);
}
