import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/test-app.ts";
import { openDatabase, type AppDatabase } from "./database.ts";

/** The connections to this test's database whose last statement was a LISTEN. */
async function listeningConnections(database: AppDatabase): Promise<string[]> {
  const { rows } = await sql<{ application_name: string }>`select application_name
    from pg_stat_activity
    where datname = current_database() and query ilike 'listen %'`.execute(database.db);
  return rows.map((row) => row.application_name);
}

describe("an instance on PostgreSQL", () => {
  const test = useTestApp();
  let database: AppDatabase;
  beforeAll(() => {
    database = openDatabase(test.config.database, test.app.log);
  });
  afterAll(() => database?.db.destroy());

  it("holds one LISTEN connection, which every listener shares (docs/decisions/025)", async () => {
    await expect.poll(() => listeningConnections(database), { timeout: 5000 }).toHaveLength(1);
    expect(await listeningConnections(database)).toEqual(["ultimate-bikes stock changes"]);
  });
});
