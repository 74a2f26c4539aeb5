import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import Fastify from "fastify";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp, type TestUser } from "../../test/accounts.ts";
import { useRestoreTargets } from "../../test/restore-target.ts";
import { addBike, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { ledgerProblems, startWriteLoad, type SendWrite } from "../../test/write-load.ts";
import { buildApp } from "../app.ts";
import type { AppConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { migrateTo } from "../db/migrate.ts";
import { makeBackup, restoreBackup } from "./backups.ts";

const run = promisify(execFile);
const RESTORE_COMMAND = path.resolve(import.meta.dirname, "restore-command.ts");
const OPENING_STOCK = 500;
const log = Fastify({ logger: false }).log;

/** Resolves once `ready()` holds, checking every few milliseconds (a test's own timeout bounds it). */
async function until(ready: () => boolean) {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** The restored database: each bike's quantity, and its ledger as the write-load check reads it. */
async function storedLedgers(config: AppConfig) {
  const { db } = openDatabase(config.database, log);
  try {
    const bikes = await db.selectFrom("bike").select(["id", "name", "quantity"]).execute();
    const movements = await db
      .selectFrom("stock_movement")
      .select(["bike_id", "kind", "delta", "quantity_after"])
      .execute();
    const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    return { bikes, movements, migrations: migrations.rows.map((row) => row.name) };
  } finally {
    await db.destroy();
  }
}

/** `npm run restore` as an operator runs it, on the target the environment names. */
async function restoreCommand(file: string, environment: Record<string, string>) {
  try {
    const { stdout } = await run(process.execPath, [RESTORE_COMMAND, file], {
      env: { PATH: process.env.PATH, ...environment },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

describe(`a backup on ${testDatabaseKind} taken during writes`, () => {
  const test = useTestApp({ environment: { BIKE_ADDS_PER_MINUTE: "1000" } });
  const targets = useRestoreTargets();
  let staff: TestUser;
  let bikeIds: string[];
  let backupFile: string;
  let restoredEnvironment: Record<string, string>;
  let restoredConfig: AppConfig;

  beforeAll(async () => {
    staff = await signUp(test.app);
    bikeIds = [];
    for (let count = 0; count < 5; count++) {
      bikeIds.push(await addBike(test.app, staff, { quantity: String(OPENING_STOCK) }));
    }
  });

  it("restores every write acknowledged before it began, and every ledger adds up", async () => {
    const sendWrite: SendWrite = async (bikeId, write) => {
      const response =
        write.kind === "deliver"
          ? await send(test.app, staff, "POST", `/api/bikes/${bikeId}/deliveries`)
          : await send(test.app, staff, "POST", `/api/bikes/${bikeId}/imports`, {
              amount: write.amount,
            });
      return { status: response.statusCode, body: response.body };
    };
    const writes = startWriteLoad({ bikeIds, workers: 4, send: sendWrite });
    await until(() => writes.load.acknowledged.length >= 30);
    const acknowledgedBefore = [...writes.load.acknowledged];
    const backup = await makeBackup(test.config);
    // Writes go on after it too; none of them may break the copy.
    const atBackup = writes.load.acknowledged.length;
    await until(() => writes.load.acknowledged.length >= atBackup + 10);
    const load = await writes.stop();
    expect(load.refused).toEqual(new Map());
    backupFile = path.join(test.config.backups.dir, backup.name);

    const target = await targets.create();
    restoredEnvironment = target.environment;
    restoredConfig = target.config;
    const manifest = await restoreBackup(target.config, backupFile);
    expect(manifest).toMatchObject({ database: testDatabaseKind, createdAt: backup.createdAt });
    const restored = await buildApp({ ...target.config, seed: false });
    await restored.close();

    const { bikes, movements } = await storedLedgers(target.config);
    const problems: string[] = [];
    for (const bike of bikes) {
      const ledger = movements
        .filter((movement) => movement.bike_id === bike.id)
        .map((movement) => ({
          kind: movement.kind,
          delta: movement.delta,
          quantityAfter: movement.quantity_after,
        }));
      problems.push(...ledgerProblems(bike.id, bike.quantity, ledger as never, acknowledgedBefore));
    }
    expect(problems).toEqual([]);
    expect(bikes.map((bike) => bike.id)).toEqual(expect.arrayContaining(bikeIds));
  });

  it("refuses to restore over a database that holds data without --force, and replaces it with it", async () => {
    const refused = await restoreCommand(backupFile, restoredEnvironment);
    expect(refused.code).toBe(3);
    expect(refused.output).toMatch(/^Refused: .*already holds .*add --force to replace/m);

    // A change made since, which the forced restore must take away.
    const { db } = openDatabase(restoredConfig.database, log);
    await db.updateTable("bike").set({ name: "Changed since" }).execute();
    await db.destroy();
    // The command's success path is the function's; called here, it spares starting a process.
    await restoreBackup(restoredConfig, backupFile, { force: true });
    const { bikes } = await storedLedgers(restoredConfig);
    expect(bikes.map((bike) => bike.id)).toEqual(expect.arrayContaining(bikeIds));
    expect(bikes.filter((bike) => bike.name === "Changed since")).toEqual([]);
  });
});

describe(`a backup of an older ${testDatabaseKind} database`, () => {
  const targets = useRestoreTargets();
  let old: AppConfig;
  beforeAll(async () => {
    old = (await targets.create()).config;
  });

  it("migrates forward when the app starts on the restored copy", async () => {
    const database = openDatabase(old.database, log);
    await migrateTo(database, "020-places-and-transfers");
    await database.db.destroy();
    const backup = await makeBackup(old);
    expect(backup.name).toMatch(/^ultimate-bikes-.*\.tar$/);

    const target = (await targets.create()).config;
    const manifest = await restoreBackup(target, path.join(old.backups.dir, backup.name));
    expect(manifest.migration).toBe("020-places-and-transfers");
    const restored = await buildApp({ ...target, seed: false });
    await restored.close();
    const { migrations } = await storedLedgers(target);
    expect(migrations).toContain("022-search-key-index");
  });
});
