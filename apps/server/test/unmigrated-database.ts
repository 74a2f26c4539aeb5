import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import {
  createScratchDatabase,
  type ScratchDatabase,
} from "@ultimate-bikes/test-support/scratch-postgres";
import { afterEach } from "vitest";
import { openDatabase, type AppDatabase } from "../src/db/database.ts";
import { testDatabaseKind } from "./test-app.ts";

/**
 * For a describe block testing migrations: `open()` gives an empty database of the kind under
 * test, with nothing migrated yet; it is closed and removed after each test.
 */
export function useUnmigratedDatabase() {
  let dataDir: string | undefined;
  let scratch: ScratchDatabase | undefined;
  let database: AppDatabase | undefined;
  afterEach(async () => {
    await database?.db.destroy();
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    database = scratch = dataDir = undefined;
  });
  return {
    async open(): Promise<AppDatabase> {
      const log = Fastify({ logger: false }).log;
      if (testDatabaseKind === "postgres") {
        scratch = await createScratchDatabase(process.env.DATABASE_URL_TEST!, "ub_test");
        database = openDatabase({ kind: "postgres", connectionString: scratch.url }, log);
      } else {
        dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-migrations-"));
        database = openDatabase({ kind: "sqlite", file: path.join(dataDir, "bikes.sqlite") }, log);
      }
      return database;
    },
  };
}
