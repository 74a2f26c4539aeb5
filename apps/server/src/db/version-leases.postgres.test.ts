import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBike, deliver, quantityOf } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { openDatabase, type AppDatabase } from "./database.ts";
import {
  createVersionLease,
  LEASE_TIMING,
  createReaderCatchUp,
  type VersionLease,
} from "./version-leases.ts";

/** Polls `check` until it holds; the test's own timeout bounds it. */
async function until(check: () => boolean | Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 5));
}

// PostgreSQL only: SQLite's servers learn of a commit from the WAL index, with no lease.
describe(`read leases on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff"] });
  const { staff } = test.users;
  let database: AppDatabase;
  const leases: VersionLease[] = [];

  beforeAll(() => {
    if (test.config.database.kind !== "postgres") throw new Error("a PostgreSQL suite");
    database = openDatabase(test.config.database, test.app.log);
  });
  afterAll(async () => {
    for (const lease of leases) await lease.close();
    await database.db.destroy();
  });

  function takeLease() {
    if (test.config.database.kind !== "postgres") throw new Error("a PostgreSQL suite");
    const lease = createVersionLease(test.config.database.connectionString, test.app.log);
    leases.push(lease);
    return lease;
  }
  const stockVersion = async () =>
    Number(
      (await sql<{ version: string }>`select version from stock_version`.execute(database.db))
        .rows[0]!.version,
    );
  const leaseRows = async () =>
    (
      await sql<{
        instance: string;
        seen_version: string;
      }>`select instance, seen_version from version_lease`.execute(database.db)
    ).rows;

  it("knows the version without asking, follows every commit, and acknowledges it", async () => {
    const lease = takeLease();
    await until(() => lease.version() !== undefined);
    expect(lease.version()).toBe(await stockVersion());

    await addBike(test.app, staff);
    const moved = await stockVersion();
    // The write answered only once every lease, this one included, had seen it.
    expect(lease.version()).toBe(moved);
    const rows = await leaseRows();
    expect(rows.length).toBe(2);
    for (const row of rows) expect(Number(row.seen_version)).toBeGreaterThanOrEqual(moved);
  });

  it("lets go at once when its connection is lost, and takes it again with what it missed", async () => {
    const lease = takeLease();
    await until(() => lease.version() !== undefined);
    const cut = sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'ultimate-bikes version lease' and datname = current_database()`;
    await cut.execute(database.db);
    await until(() => lease.version() === undefined);
    // Written while nobody listened: heard of by no notification.
    const id = await addBike(test.app, staff, { quantity: 4 });
    await until(() => lease.version() !== undefined);
    expect(lease.version()).toBeGreaterThanOrEqual(await stockVersion());
    expect(await quantityOf(test.app, id)).toBe(4);
  });

  it("holds a write's answer until every live lease has acknowledged it", async () => {
    const id = await addBike(test.app, staff, { quantity: 5 });
    await sql`insert into version_lease values ('stalled', 0, now() + interval '1 hour')`.execute(
      database.db,
    );
    let answered = false;
    const delivery = deliver(test.app, staff, id).then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);

    await sql`update version_lease set seen_version = (select version from stock_version)
      where instance = 'stalled'`.execute(database.db);
    expect((await delivery).statusCode).toBe(200);
    expect(await quantityOf(test.app, id)).toBe(4);
    await sql`delete from version_lease where instance = 'stalled'`.execute(database.db);
  });

  it("waits for no lease that has run out", async () => {
    await addBike(test.app, staff);
    await sql`insert into version_lease values ('gone', 0, now() - interval '1 second')`.execute(
      database.db,
    );
    // Were it waited for, this would take ten minutes and the test would time out.
    const patient = { ...LEASE_TIMING, leaseMs: 300_000 };
    await createReaderCatchUp(database.db, test.app.log, patient)();
    await sql`delete from version_lease where instance = 'gone'`.execute(database.db);
  });

  it("gives its row back when it closes, so no write waits for it", async () => {
    const lease = takeLease();
    await until(() => lease.version() !== undefined);
    const before = (await leaseRows()).length;
    await lease.close();
    expect((await leaseRows()).length).toBe(before - 1);
  });
});
