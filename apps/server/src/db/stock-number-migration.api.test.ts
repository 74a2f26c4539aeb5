import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "../../test/test-app.ts";
import { useUnmigratedDatabase } from "../../test/unmigrated-database.ts";
import { migrateTo } from "./migrate.ts";

/** A bike's row as the migrations before 018 knew it. */
const bikeRow = (id: string, name: string, createdAt: string) => ({
  id,
  name,
  des: "A bike.",
  photo: "/bike.svg",
  price_cents: 100,
  quantity: 1,
  supplier_name: "Supplier",
  reorder_point: 3,
  owner_id: null,
  created_at: createdAt,
  updated_at: createdAt,
});

describe(`migration 018 on ${testDatabaseKind}`, () => {
  const unmigrated = useUnmigratedDatabase();

  it("numbers existing bikes, deleted ones too, in the order they were added, and new ones after", async () => {
    const database = await unmigrated.open();
    await migrateTo(database, "017-drop-read-lease-table");
    const { db } = database;
    // Inserted out of order: the numbers follow created_at, then the id.
    await db
      .insertInto("bike")
      .values([
        bikeRow("c", "Third", "2026-01-03T00:00:00.000Z"),
        bikeRow("a", "First", "2026-01-01T00:00:00.000Z"),
      ])
      .execute();
    await db
      .insertInto("deleted_bike")
      .values({
        ...bikeRow("b", "Second, deleted", "2026-01-02T00:00:00.000Z"),
        deleted_at: "2026-01-04T00:00:00.000Z",
        deleted_by: null,
      })
      .execute();

    // With every later migration, in the one transaction PostgreSQL runs them in.
    await migrateTo(database);

    const numbers = await sql<{ id: string; stock_number: number }>`
      select id, stock_number from bike union all select id, stock_number from deleted_bike
      order by id`.execute(db);
    expect(numbers.rows).toEqual([
      { id: "a", stock_number: 1 },
      { id: "b", stock_number: 2 },
      { id: "c", stock_number: 3 },
    ]);
    const sequence = await db
      .selectFrom("stock_number_sequence")
      .select("last_number")
      .executeTakeFirstOrThrow();
    expect(sequence.last_number).toBe(3);
  });
});
