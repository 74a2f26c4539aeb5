import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DatabaseKind } from "../database.ts";
import { MAIN_WAREHOUSE_ID } from "../main-warehouse.ts";

/**
 * Places and transfers (issue 23, docs/decisions/027). Stock lives at places: `bike_stock` holds
 * each bike's units at each place, never below 0 (a CHECK, so the database enforces it whatever
 * writes), and `bike.in_transit` the units on their way between places. `bike.quantity` keeps its
 * meaning: every unit the business holds, so it equals the sum of its places plus its units in
 * transit. An existing database gets the main warehouse holding every bike's quantity, deleted
 * bikes' included (a restore brings them back where they were). Ledger entries name their place
 * and, for a transfer's steps, the transfer. Transfers are documents with lines; their numbers
 * (`T-000123`) come from the stock number sequence's `transfer` row. Each person may pick a home
 * place, the default for their actions. `place` and `bike_stock` move the stock version, as
 * cached reads answer their rows (plugins/read-cache.ts).
 */
export function addPlacesAndTransfers(kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      // As in migration 003: PostgreSQL runs each migration in a transaction, SQLite needs its own.
      if (kind === "postgres") await addAll(db, kind);
      else await db.transaction().execute((trx) => addAll(trx, kind));
    },
  };
}

async function addAll(db: Kysely<unknown>, kind: DatabaseKind) {
  const timestamp = kind === "postgres" ? sql`timestamptz` : sql`text`;
  // Every change of the schema before any update of `bike` (migration 018 says why).
  await db.schema
    .createTable("place")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) =>
      column.notNull().check(sql`kind in ('warehouse', 'showroom')`),
    )
    .addColumn("city", "text", (column) => column.notNull())
    .addColumn("address", "text")
    .addColumn("archived_at", timestamp)
    .addColumn("created_at", timestamp, (column) => column.notNull())
    .addColumn("updated_at", timestamp, (column) => column.notNull())
    .execute();
  // Names are unique whatever their case: "Khulna showroom" and "khulna Showroom" are one place.
  await sql`create unique index place_name_folded_idx on place (lower(name))`.execute(db);

  await db.schema
    .createTable("bike_stock")
    // No foreign key to `bike`: a deleted bike keeps its places' units for its restore.
    .addColumn("bike_id", "text", (column) => column.notNull())
    .addColumn("place_id", "text", (column) => column.notNull().references("place.id"))
    .addColumn("quantity", "integer", (column) => column.notNull().check(sql`quantity >= 0`))
    .addPrimaryKeyConstraint("bike_stock_pk", ["bike_id", "place_id"])
    .execute();
  // A place's stock: the stock search's place filter and the dashboard's totals by place.
  await sql`create index bike_stock_place_idx on bike_stock (place_id, bike_id) where quantity > 0`.execute(
    db,
  );

  for (const table of ["bike", "deleted_bike"]) {
    await sql`alter table ${sql.table(table)} add column in_transit integer not null default 0 check (in_transit >= 0)`.execute(
      db,
    );
  }
  await sql`alter table stock_movement add column place_id text`.execute(db);
  await sql`alter table stock_movement add column place_delta integer`.execute(db);
  // What the place holds after, and what is in transit after a transfer's step: the live stream
  // says the state a movement left, so a screen that sees an event twice changes nothing more.
  await sql`alter table stock_movement add column place_quantity_after integer`.execute(db);
  await sql`alter table stock_movement add column in_transit_after integer`.execute(db);
  await sql`alter table stock_movement add column transfer_id text`.execute(db);
  await sql`create index stock_movement_place_idx on stock_movement (place_id, id)`.execute(db);
  await sql`create index stock_movement_transfer_idx on stock_movement (transfer_id, id)`.execute(
    db,
  );

  await db.schema
    .createTable("transfer")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("number", "integer", (column) => column.notNull().unique())
    .addColumn("source_place_id", "text", (column) => column.notNull().references("place.id"))
    .addColumn("destination_place_id", "text", (column) => column.notNull().references("place.id"))
    .addColumn("reference", "text")
    .addColumn("status", "text", (column) =>
      column.notNull().check(sql`status in ('draft', 'sent', 'received', 'cancelled')`),
    )
    .addColumn("created_by", "text")
    .addColumn("created_at", timestamp, (column) => column.notNull())
    .addColumn("sent_by", "text")
    .addColumn("sent_at", timestamp)
    .addColumn("received_by", "text")
    .addColumn("received_at", timestamp)
    .addColumn("cancelled_by", "text")
    .addColumn("cancelled_at", timestamp)
    .addColumn("updated_at", timestamp, (column) => column.notNull())
    .addCheckConstraint("transfer_places_differ", sql`source_place_id <> destination_place_id`)
    .execute();
  await sql`create index transfer_status_idx on transfer (status, number)`.execute(db);
  await sql`create index transfer_source_idx on transfer (source_place_id, number)`.execute(db);
  await sql`create index transfer_destination_idx on transfer (destination_place_id, number)`.execute(
    db,
  );
  await db.schema
    .createTable("transfer_line")
    .addColumn("transfer_id", "text", (column) =>
      column.notNull().references("transfer.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("bike_id", "text", (column) => column.notNull())
    .addColumn("bike_name", "text", (column) => column.notNull())
    .addColumn("quantity", "integer", (column) => column.notNull().check(sql`quantity > 0`))
    .addColumn("received", "integer", (column) => column.check(sql`received >= 0`))
    .addColumn("shortfall_reason", "text")
    .addPrimaryKeyConstraint("transfer_line_pk", ["transfer_id", "bike_id"])
    .execute();

  await db.schema
    .createTable("home_place")
    .addColumn("user_id", "text", (column) => column.primaryKey())
    .addColumn("place_id", "text", (column) => column.notNull().references("place.id"))
    .execute();

  for (const table of ["place", "bike_stock"]) {
    for (const statement of versionTriggers(kind, table)) await statement.execute(db);
  }

  // The data: the main warehouse holds every unit there is, and transfer numbers start at 1.
  const at = new Date().toISOString();
  await sql`insert into place (id, name, kind, city, address, created_at, updated_at)
    values (${MAIN_WAREHOUSE_ID}, 'Main warehouse', 'warehouse', 'Dhaka',
      'Tejgaon Industrial Area, Dhaka 1208', ${at}, ${at})`.execute(db);
  for (const table of ["bike", "deleted_bike"]) {
    await sql`insert into bike_stock (bike_id, place_id, quantity)
      select id, ${MAIN_WAREHOUSE_ID}, quantity from ${sql.table(table)}`.execute(db);
  }
  await sql`insert into stock_number_sequence (name, last_number) values ('transfer', 0)`.execute(
    db,
  );
  if (kind === "postgres") await sql`set constraints all immediate`.execute(db);
}

/** A trigger per write that moves the stock version, as migration 004's on `bike`. */
export function versionTriggers(kind: DatabaseKind, table: string): RawBuilder<unknown>[] {
  if (kind === "postgres") {
    return [
      sql`create constraint trigger ${sql.raw(`${table}_moves_stock_version`)}
        after insert or update or delete on ${sql.table(table)} deferrable initially deferred
        for each row execute function stock_version_bump()`,
    ];
  }
  return (["insert", "update", "delete"] as const).map(
    (event) =>
      sql`create trigger ${sql.raw(`${table}_${event}_moves_stock_version`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update stock_version set version = version + 1 where id = 1; end`,
  );
}
