import { createScratchDatabase } from "@ultimate-bikes/test-support/scratch-postgres";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { loadConfig, type AppConfig } from "../src/config.ts";
import { testDatabaseKind } from "./test-app.ts";

/**
 * For tests of backups: `create()` gives the configuration of a new, empty place to restore into,
 * of the kind under test (a DATA_DIR; on PostgreSQL also an empty database). All are removed
 * after the file's tests.
 */
export function useRestoreTargets() {
  const cleanUps: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });
  return {
    async create(): Promise<{ config: AppConfig; environment: Record<string, string> }> {
      const dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-restore-"));
      cleanUps.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const environment: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: "silent" };
      if (testDatabaseKind === "postgres") {
        const database = await createScratchDatabase(process.env.DATABASE_URL_TEST!, "ub_test");
        cleanUps.push(() => database.drop());
        environment.DATABASE_URL = database.url;
      }
      return { config: loadConfig(environment), environment };
    },
  };
}
