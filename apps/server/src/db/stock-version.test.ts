import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { createStockVersion } from "./stock-version.ts";

const betterSqlite3 = createRequire(import.meta.url).resolve("better-sqlite3");

/** Commits one write to the stock version from another process, as a second server would. */
function writeFromAnotherProcess(file: string) {
  const script = `const Database = require(${JSON.stringify(betterSqlite3)});
    const db = new Database(${JSON.stringify(file)});
    db.prepare("update stock_version set version = version + 1 where id = 1").run();
    db.close();`;
  execFileSync(process.execPath, ["-e", script]);
}

describe("the stock version on SQLite", () => {
  let dataDir: string | undefined;
  let database: AppDatabase | undefined;
  afterEach(async () => {
    await database?.db.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function openedDatabase() {
    dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-version-"));
    const file = path.join(dataDir, "bikes.sqlite");
    database = openDatabase({ kind: "sqlite", file }, Fastify({ logger: false }).log);
    await migrateToLatest(database);
    return { file, database };
  }

  it("sees a commit by another process at its next read, and stays put without one", async () => {
    const { file, database } = await openedDatabase();
    const version = createStockVersion(database);
    const first = version.current();
    expect(version.current()).toBe(first);

    writeFromAnotherProcess(file);
    const afterWrite = Number(version.current());
    expect(afterWrite).toBe(Number(first) + 1);
    expect(version.current()).toBe(afterWrite);

    writeFromAnotherProcess(file);
    writeFromAnotherProcess(file);
    expect(version.current()).toBe(afterWrite + 2);
    version.close();
  });

  it("sees this process's own commits, through another connection, and after a checkpoint", async () => {
    const { database } = await openedDatabase();
    const version = createStockVersion(database);
    const first = Number(version.current());
    database.sqlite!.prepare("update stock_version set version = version + 5 where id = 1").run();
    expect(version.current()).toBe(first + 5);
    database.sqlite!.pragma("wal_checkpoint(TRUNCATE)");
    database.sqlite!.prepare("update stock_version set version = version + 1 where id = 1").run();
    expect(version.current()).toBe(first + 6);
    version.close();
  });
});
