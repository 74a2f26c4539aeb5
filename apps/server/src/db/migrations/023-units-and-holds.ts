import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";
import { versionTriggers } from "./020-places-and-transfers.ts";

/**
 * Units and holds (issue 24, docs/decisions/033). A model may track its units (`tracks_units`):
 * each `unit` is one motorbike by chassis number (unique) and engine number (unique per model),
 * at a place, in stock, held, in transit, delivered or missing. `hold` keeps a unit (or n units
 * of an untracked model at a place) for a customer until it ends; at most one open hold per unit,
 * by a partial unique index, so of two people holding one unit at once exactly one wins.
 * `stock_movement_unit` says which units each ledger entry moved, for a unit's history.
 * Only new tables and columns: the previous release reads and writes as before (ADR 029).
 */
export function addUnitsAndHolds(kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === "postgres") await addAll(db, kind);
      else await db.transaction().execute((trx) => addAll(trx, kind));
    },
  };
}

async function addAll(db: Kysely<unknown>, kind: DatabaseKind) {
  const timestamp = kind === "postgres" ? sql`timestamptz` : sql`text`;
  const flag =
    kind === "postgres" ? sql`boolean not null default false` : sql`integer not null default 0`;
  for (const table of ["bike", "deleted_bike"]) {
    await sql`alter table ${sql.table(table)} add column tracks_units ${flag}`.execute(db);
    // Units under an open hold, in `quantity` but not available: kept by the hold's writes, as
    // `in_transit` by the transfers', so no read of a bike counts holds.
    await sql`alter table ${sql.table(table)} add column held integer not null default 0 check (held >= 0)`.execute(
      db,
    );
  }

  await db.schema
    .createTable("unit")
    .addColumn("id", "text", (column) => column.primaryKey())
    // No foreign key to `bike`, as bike_stock: a deleted model keeps its units for its restore.
    .addColumn("bike_id", "text", (column) => column.notNull())
    .addColumn("chassis", "text", (column) => column.notNull().unique())
    // Reversed, so a chassis or engine number's last characters are a prefix an index finds.
    .addColumn("chassis_reversed", "text", (column) => column.notNull())
    .addColumn("engine", "text", (column) => column.notNull())
    .addColumn("engine_reversed", "text", (column) => column.notNull())
    .addColumn("colour", "text", (column) => column.notNull())
    .addColumn("model_year", "integer", (column) => column.notNull())
    .addColumn("status", "text", (column) =>
      column
        .notNull()
        .check(sql`status in ('in_stock', 'held', 'in_transit', 'delivered', 'missing')`),
    )
    .addColumn("place_id", "text", (column) => column.references("place.id"))
    .addColumn("transfer_id", "text")
    .addColumn("arrived_at", timestamp, (column) => column.notNull())
    .addColumn("delivered_at", timestamp)
    .addColumn("notes", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("created_at", timestamp, (column) => column.notNull())
    .addColumn("updated_at", timestamp, (column) => column.notNull())
    .addUniqueConstraint("unit_engine_per_bike", ["bike_id", "engine"])
    // In transit: at no place, on a transfer. Anywhere else: at a place.
    .addCheckConstraint(
      "unit_place_by_status",
      sql`(status = 'in_transit') = (place_id is null) and (status = 'in_transit') = (transfer_id is not null)`,
    )
    .execute();
  // A model's units at a place in a status, oldest arrival first: the bike page, and the unit a
  // delivery without one takes.
  await sql`create index unit_bike_place_idx on unit (bike_id, place_id, status, arrived_at, id)`.execute(
    db,
  );
  await sql`create index unit_chassis_reversed_idx on unit (chassis_reversed)`.execute(db);
  await sql`create index unit_engine_reversed_idx on unit (engine_reversed)`.execute(db);
  await sql`create index unit_transfer_idx on unit (transfer_id) where transfer_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable("hold")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("bike_id", "text", (column) => column.notNull())
    .addColumn("place_id", "text", (column) => column.notNull().references("place.id"))
    .addColumn("unit_id", "text", (column) => column.references("unit.id"))
    .addColumn("units", "integer", (column) => column.notNull().check(sql`units > 0`))
    .addColumn("customer_name", "text", (column) => column.notNull())
    .addColumn("customer_phone", "text", (column) => column.notNull())
    .addColumn("reference", "text")
    .addColumn("expires_at", timestamp, (column) => column.notNull())
    .addColumn("made_by", "text")
    .addColumn("made_at", timestamp, (column) => column.notNull())
    .addColumn("ended_at", timestamp)
    .addColumn("ended_by", "text")
    .addColumn("end_reason", "text", (column) =>
      column.check(sql`end_reason in ('released', 'delivered', 'expired')`),
    )
    .addColumn("expiry_mailed_at", timestamp)
    .addCheckConstraint("hold_unit_is_one", sql`unit_id is null or units = 1`)
    .execute();
  await sql`create unique index hold_open_unit_idx on hold (unit_id) where ended_at is null and unit_id is not null`.execute(
    db,
  );
  await sql`create index hold_open_place_idx on hold (bike_id, place_id) where ended_at is null`.execute(
    db,
  );
  await sql`create index hold_open_expiry_idx on hold (expires_at) where ended_at is null`.execute(
    db,
  );

  await db.schema
    .createTable("stock_movement_unit")
    .addColumn("unit_id", "text", (column) => column.notNull())
    .addColumn("movement_id", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("stock_movement_unit_pk", ["unit_id", "movement_id"])
    .execute();
  // The other way round: the units of an entry (a transfer's lines list those they carried).
  await sql`create index stock_movement_unit_movement_idx on stock_movement_unit (movement_id)`.execute(
    db,
  );
  // A hold's steps (made, extended, released, expired) are ledger entries too.
  await sql`alter table stock_movement add column hold_id text`.execute(db);

  for (const table of ["unit", "hold"]) {
    for (const statement of versionTriggers(kind, table)) await statement.execute(db);
  }
}
