import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { sql } from "kysely";
import {
  createScratchDatabase,
  type ScratchDatabase,
} from "@ultimate-bikes/test-support/scratch-postgres";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseKind } from "../../test/test-app.ts";
import { openDatabase, type AppDatabase } from "./database.ts";
import { MIGRATION_015, migrateTo, migrateToLatest } from "./migrate.ts";

describe(`migration 015's recorded name on ${testDatabaseKind}`, () => {
  let dataDir: string | undefined;
  let scratch: ScratchDatabase | undefined;
  let database: AppDatabase | undefined;
  afterEach(async () => {
    await database?.db.destroy();
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function emptyDatabase(): Promise<AppDatabase> {
    const log = Fastify({ logger: false }).log;
    if (testDatabaseKind === "postgres") {
      scratch = await createScratchDatabase(process.env.DATABASE_URL_TEST!, "ub_test");
      return openDatabase({ kind: "postgres", connectionString: scratch.url }, log);
    }
    dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-015-"));
    return openDatabase({ kind: "sqlite", file: path.join(dataDir, "bikes.sqlite") }, log);
  }

  const recordedNames = async ({ db }: AppDatabase) =>
    (
      await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
    ).rows.map((row) => row.name);

  it("takes a database that recorded 015 under its first name on to the latest, renamed", async () => {
    database = await emptyDatabase();
    await migrateTo(database, MIGRATION_015);
    // As a database migrated by the release that shipped 015 has it.
    await sql`update kysely_migration set name = '015-its-first-name' where name = ${MIGRATION_015}`.execute(
      database.db,
    );

    await migrateToLatest(database);

    const names = await recordedNames(database);
    expect(names).toContain(MIGRATION_015);
    expect(names.filter((name) => name.startsWith("015-"))).toEqual([MIGRATION_015]);
    expect(names.at(-1)).toBe("019-cost-prices");
  });
});
