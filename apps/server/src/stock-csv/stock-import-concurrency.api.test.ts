import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import { importResultSchema } from "@ultimate-bikes/contract/stock-csv";
import SQLite from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { AppConfig } from "../config.ts";
import { addBike, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

const HEADER = "name,supplier,price,quantity,description,photo";
const PHOTO = "/images/bikes/honda-cbr650r.svg";
const ROWS = 2_000;

const rowsNamed = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix} ${index},Lock Co,100,1,Waits.,${PHOTO}`);

/**
 * A second connection to the test's database that holds the stock's writes back until it lets
 * go: SQLite's write lock, or on PostgreSQL a lock on `bike` that lets reads through. SQL run
 * through it before letting go happens first, whatever the server is doing meanwhile.
 */
async function holdWrites(database: AppConfig["database"]) {
  if (database.kind === "sqlite") {
    const sqlite = new SQLite(database.file);
    sqlite.exec("begin immediate");
    return {
      run: async (statement: string) => void sqlite.exec(statement),
      release: async () => {
        sqlite.exec("commit");
        sqlite.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  await client.query("begin");
  await client.query("lock table bike in exclusive mode");
  return {
    run: async (statement: string) => void (await client.query(statement)),
    release: async () => {
      await client.query("commit");
      await client.end();
    },
  };
}

describe(`a CSV import beside other requests on ${testDatabaseKind}`, () => {
  /** Called as an import's handler is about to run. */
  let importStarting: (() => void) | undefined;
  const test = useTestApp({
    signedUpUsers: ["staff"],
    beforeReady: (app) =>
      app.addHook("preHandler", async (request) => {
        if (request.routeOptions.url === "/api/stock/imports") importStarting?.();
      }),
  });
  const { staff } = test.users;
  const postImport = (csv: string) =>
    send(test.app, staff, "POST", "/api/stock/imports", csv, { "content-type": "text/csv" });
  const countNamed = async (prefix: string) =>
    (
      (await test.app.inject(`/api/stock?q=${encodeURIComponent(prefix)}&limit=1`)).json() as {
        total: number;
      }
    ).total;

  it("lets a read through while the import waits for the database", async () => {
    const id = await addBike(test.app, staff, { quantity: 7 });
    const prefix = `Beside ${Math.random().toString(36).slice(2, 8)}`;
    const held = await holdWrites(test.config.database);
    let imported = false;
    const starting = new Promise<void>((resolve) => (importStarting = resolve));
    const importing = postImport([HEADER, ...rowsNamed(prefix, ROWS)].join("\n")).finally(
      () => (imported = true),
    );
    try {
      // The read comes once the import's handler runs: an import on the event loop would hold
      // it until the import's end. The import cannot commit while the writes are held, so a
      // read that answers now answered during it.
      await starting;
      const read = await test.app.inject(`/api/bikes/${id}`);
      expect(read.statusCode).toBe(200);
      expect(bikeSchema.parse(read.json()).quantity).toBe(7);
      expect(imported).toBe(false);
    } finally {
      await held.release();
    }
    const response = await importing;
    expect(response.statusCode, response.body).toBe(200);
    expect(importResultSchema.parse(response.json()).created).toBe(ROWS);
    expect(await countNamed(prefix)).toBe(ROWS);
  }, 60_000);

  it("writes nothing at all when its last statement fails", async () => {
    const existing = await addBike(test.app, staff, { quantity: 4, price: 100 });
    const prefix = `Undone ${Math.random().toString(36).slice(2, 8)}`;
    const failing = `${prefix} fails`;
    // The ledger is written after every bike, so a ledger entry that cannot be stored fails the
    // import once its new bikes and its update are in the transaction.
    const fail =
      testDatabaseKind === "sqlite"
        ? [
            `create trigger csv_test_fail before insert on stock_movement when new.bike_name = '${failing}' begin select raise(abort, 'refused by the test'); end`,
          ]
        : [
            "create function csv_test_fail() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$",
            `create trigger csv_test_fail before insert on stock_movement for each row when (new.bike_name = '${failing}') execute function csv_test_fail()`,
          ];
    const held = await holdWrites(test.config.database);
    for (const statement of fail) await held.run(statement);
    await held.release();
    try {
      const csv = [
        `id,${HEADER}`,
        `${existing},,,150,9,,`,
        ...rowsNamed(prefix, ROWS).map((row) => `,${row}`),
        `,${failing},Lock Co,100,1,Fails.,${PHOTO}`,
      ].join("\n");
      expect((await postImport(csv)).statusCode).toBe(500);
    } finally {
      const drop =
        testDatabaseKind === "sqlite"
          ? ["drop trigger csv_test_fail"]
          : ["drop trigger csv_test_fail on stock_movement", "drop function csv_test_fail()"];
      const cleaning = await holdWrites(test.config.database);
      for (const statement of drop) await cleaning.run(statement);
      await cleaning.release();
    }
    expect(await countNamed(prefix)).toBe(0);
    const bike = bikeSchema.parse((await test.app.inject(`/api/bikes/${existing}`)).json());
    expect(bike).toMatchObject({ price: 100, quantity: 4 });
  }, 60_000);
});
