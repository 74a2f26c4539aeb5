import { sql, type Kysely } from "kysely";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { openDatabase, type AppDatabase } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import type { VersionedTable } from "./read-cache.ts";

type Event = "insert" | "update" | "delete";
const EVENTS: Event[] = ["delete", "insert", "update"];

/** The writes a version trigger must see: for each event, the trigger's own event name. */
const TRIGGER_EVENT = /\b(?:after|before)\s+(insert|update|delete)\b/i;
/** PostgreSQL's pg_trigger.tgtype bits (src/include/catalog/pg_trigger.h). */
const PG_EVENT_BITS: Record<Event, number> = { insert: 1 << 2, delete: 1 << 3, update: 1 << 4 };

/** The writes that the database's own triggers turn into a new stock version, per table. */
async function versionTriggerEvents(database: AppDatabase, table: string): Promise<Event[]> {
  const events = new Set<Event>();
  if (database.kind === "sqlite") {
    const { rows } = await sql<{ sql: string }>`select sql from sqlite_master
      where type = 'trigger' and tbl_name = ${table}`.execute(database.db);
    for (const trigger of rows) {
      const event = TRIGGER_EVENT.exec(trigger.sql)?.[1];
      if (event && /\bstock_version\b/i.test(trigger.sql)) events.add(event.toLowerCase() as Event);
    }
  } else {
    const { rows } = await sql<{ tgtype: number }>`select t.tgtype from pg_trigger t
      join pg_proc p on p.oid = t.tgfoid
      where t.tgrelid = to_regclass(${table}) and not t.tgisinternal
        and p.prosrc ~ '\\mstock_version\\M'`.execute(database.db);
    for (const { tgtype } of rows) {
      for (const event of EVENTS) if (tgtype & PG_EVENT_BITS[event]) events.add(event);
    }
  }
  return EVENTS.filter((event) => events.has(event));
}

/**
 * One write of each kind to each table a cached route reads, straight to the database, as any
 * code path or script might make it. A newly declared table needs its entry here.
 */
const WRITES: Partial<
  Record<VersionedTable, Record<Event, (db: Kysely<Database>) => Promise<unknown>>>
> = {
  bike: (() => {
    const copyId = randomUUID();
    const columns = [
      "name",
      "des",
      "photo",
      "price_cents",
      "quantity",
      "supplier_name",
      "reorder_point",
      "owner_id",
      "created_at",
      "updated_at",
    ] as const;
    return {
      insert: async (db) => {
        const row = await db.selectFrom("bike").select(columns).limit(1).executeTakeFirstOrThrow();
        return db
          .insertInto("bike")
          .values({ ...row, id: copyId })
          .execute();
      },
      update: (db) =>
        db
          .updateTable("bike")
          .set({ price_cents: sql`price_cents + 1` })
          .where("id", "=", copyId)
          .execute(),
      delete: (db) => db.deleteFrom("bike").where("id", "=", copyId).execute(),
    };
  })(),
  place: (() => {
    const id = randomUUID();
    const at = new Date().toISOString();
    return {
      insert: (db) =>
        db
          .insertInto("place")
          .values({
            id,
            name: `Place ${id}`,
            kind: "showroom",
            city: "Bogura",
            created_at: at,
            updated_at: at,
          })
          .execute(),
      update: (db) =>
        db.updateTable("place").set({ city: "Rangpur" }).where("id", "=", id).execute(),
      delete: (db) => db.deleteFrom("place").where("id", "=", id).execute(),
    };
  })(),
  bike_stock: (() => {
    const bikeId = randomUUID();
    const placeId = "00000000-0000-4000-8000-000000000001";
    return {
      insert: (db) =>
        db
          .insertInto("bike_stock")
          .values({ bike_id: bikeId, place_id: placeId, quantity: 1 })
          .execute(),
      update: (db) =>
        db.updateTable("bike_stock").set({ quantity: 2 }).where("bike_id", "=", bikeId).execute(),
      delete: (db) => db.deleteFrom("bike_stock").where("bike_id", "=", bikeId).execute(),
    };
  })(),
};

async function stockVersion(database: AppDatabase): Promise<number> {
  const { rows } = await sql<{
    version: number;
  }>`select version from stock_version where id = 1`.execute(database.db);
  return Number(rows[0]!.version);
}

describe(`the tables cached reads declare, on ${testDatabaseKind}`, () => {
  const test = useTestApp();
  let database: AppDatabase;
  beforeAll(() => {
    database = openDatabase(test.config.database, test.app.log);
  });
  afterAll(() => database?.db.destroy());

  const declared = () => [...new Set([...test.app.cachedReads.values()].flat())];

  it("are declared by every cached route", () => {
    expect([...test.app.cachedReads.keys()].sort()).toEqual([
      "GET /api/bikes",
      "GET /api/bikes/:id",
      "GET /api/bikes/by-stock-number/:stockNumber",
      "GET /api/stock",
      "GET /api/suppliers",
    ]);
    for (const tables of test.app.cachedReads.values()) expect(tables.length).toBeGreaterThan(0);
  });

  it("each have a trigger that moves the stock version on every insert, update and delete", async () => {
    for (const table of declared()) {
      expect({ table, events: await versionTriggerEvents(database, table) }).toEqual({
        table,
        events: EVENTS,
      });
    }
  });

  it("each move the stock version with every kind of write", async () => {
    for (const table of declared()) {
      const writes = WRITES[table];
      expect(writes, `how to write a row of ${table} (WRITES above)`).toBeDefined();
      for (const event of ["insert", "update", "delete"] as const) {
        const before = await stockVersion(database);
        await writes![event](database.db);
        expect({ table, event, moved: (await stockVersion(database)) > before }).toEqual({
          table,
          event,
          moved: true,
        });
      }
    }
  });
});
