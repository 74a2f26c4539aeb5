import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "../../test/test-app.ts";
import { useUnmigratedDatabase } from "../../test/unmigrated-database.ts";
import type { AppDatabase } from "./database.ts";
import { MIGRATION_015, migrateTo, migrateToLatest } from "./migrate.ts";

describe(`migration 015's recorded name on ${testDatabaseKind}`, () => {
  const unmigrated = useUnmigratedDatabase();

  const recordedNames = async ({ db }: AppDatabase) =>
    (
      await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
    ).rows.map((row) => row.name);

  it("takes a database that recorded 015 under its first name on to the latest, renamed", async () => {
    const database = await unmigrated.open();
    await migrateTo(database, MIGRATION_015);
    // As a database migrated by the release that shipped 015 has it.
    await sql`update kysely_migration set name = '015-its-first-name' where name = ${MIGRATION_015}`.execute(
      database.db,
    );

    await migrateToLatest(database);

    const names = await recordedNames(database);
    expect(names).toContain(MIGRATION_015);
    expect(names.filter((name) => name.startsWith("015-"))).toEqual([MIGRATION_015]);
    expect(names.at(-1)).toBe("023-units-and-holds");
  });
});
