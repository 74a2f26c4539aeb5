import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "../../test/test-app.ts";
import { useUnmigratedDatabase } from "../../test/unmigrated-database.ts";
import { createDeletedBikesRepository } from "../bikes/deleted-bikes-repository.ts";
import { createStockRepository } from "../bikes/stock-repository.ts";
import { MAIN_WAREHOUSE_ID } from "./main-warehouse.ts";
import { migrateTo } from "./migrate.ts";
import type { AppDatabase } from "./database.ts";
import { seedBikes } from "./seed-bikes.ts";

const PUBLIC_URL = "http://localhost:3000";
const actor = { id: "staff-1", email: "staff@example.com" };

/**
 * A database as the release before places left it (migrations up to 019): the demo stock as
 * its seed wrote it, each bike with its `seed` movement, then a day's work: deliveries and
 * imports, and a bike deleted with units still in it.
 */
async function previousRelease(database: AppDatabase) {
  await migrateTo(database, "019-cost-prices");
  const { db } = database;
  const start = Date.parse("2026-11-01T09:00:00.000Z");
  const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
  const ids = seedBikes.map(
    (_, index) => `00000000-0000-4000-8000-${String(index + 100).padStart(12, "0")}`,
  );
  for (const [index, bike] of seedBikes.entries()) {
    const row = {
      id: ids[index]!,
      name: bike.name,
      des: bike.des,
      photo: bike.photo,
      price_cents: Math.round(Number(bike.price) * 100),
      cost_price_cents: null,
      quantity: bike.quantity,
      supplier_name: bike.supplierName,
      reorder_point: 3,
      owner_id: null,
      created_at: at(index),
      updated_at: at(index),
      stock_number: index + 1,
    };
    await db.insertInto("bike").values(row).execute();
    await movement(database, row, "seed", bike.quantity, bike.quantity, at(index));
  }
  await sql`insert into stock_number_sequence (name, last_number) values ('bike', ${seedBikes.length})
    on conflict (name) do update set last_number = excluded.last_number`.execute(db);
  // A day's work: two units of the first bike out, five of the second in.
  const [first, second, third] = await db
    .selectFrom("bike")
    .select(["id", "name", "des", "photo", "price_cents", "cost_price_cents", "quantity"])
    .select(["supplier_name", "reorder_point", "owner_id", "created_at", "updated_at"])
    .select("stock_number")
    .orderBy("stock_number")
    .limit(3)
    .execute();
  await db
    .updateTable("bike")
    .set({ quantity: first!.quantity - 2 })
    .where("id", "=", first!.id)
    .execute();
  await movement(database, first!, "deliver", -2, first!.quantity - 2, at(60));
  await db
    .updateTable("bike")
    .set({ quantity: second!.quantity + 5 })
    .where("id", "=", second!.id)
    .execute();
  await movement(database, second!, "import", 5, second!.quantity + 5, at(61));
  // The third deleted with its units, as the previous release's delete did.
  await db.deleteFrom("bike").where("id", "=", third!.id).execute();
  await db
    .insertInto("deleted_bike")
    .values({ ...third!, deleted_at: at(62), deleted_by: actor.id })
    .execute();
  await movement(database, third!, "delete", -third!.quantity, 0, at(62));
  return { first: first!, second: second!, third: third! };
}

async function movement(
  { db }: AppDatabase,
  bike: { id: string; name: string },
  kind: "seed" | "deliver" | "import" | "delete",
  delta: number,
  quantityAfter: number,
  createdAt: string,
) {
  await db
    .insertInto("stock_movement")
    .values({
      bike_id: bike.id,
      bike_name: bike.name,
      kind,
      delta,
      quantity_after: quantityAfter,
      actor_id: kind === "seed" ? null : actor.id,
      actor_email: kind === "seed" ? null : actor.email,
      created_at: createdAt,
      reference: null,
      changes: null,
    })
    .execute();
}

/** What the upgrade must keep: every bike's quantity and every ledger entry as it was. */
async function kept({ db }: AppDatabase) {
  const quantities = await sql<{ id: string; quantity: number }>`
    select id, quantity from bike union all select id, quantity from deleted_bike order by id`.execute(
    db,
  );
  const ledger = await sql`select id, bike_id, bike_name, kind, delta, quantity_after, actor_id,
    actor_email, created_at, reference, changes from stock_movement order by id`.execute(db);
  return { quantities: quantities.rows, ledger: ledger.rows };
}

describe(`migration 020 (places) on ${testDatabaseKind}`, () => {
  const unmigrated = useUnmigratedDatabase();

  it("keeps every quantity and ledger entry, with every unit at the main warehouse", async () => {
    const database = await unmigrated.open();
    const { first, third } = await previousRelease(database);
    const before = await kept(database);

    await migrateTo(database);

    expect(await kept(database)).toEqual(before);
    const { db } = database;
    const places = await db.selectFrom("place").select(["id", "name", "kind", "city"]).execute();
    expect(places).toEqual([
      { id: MAIN_WAREHOUSE_ID, name: "Main warehouse", kind: "warehouse", city: "Dhaka" },
    ]);
    // Each bike's units, a deleted one's too, at the main warehouse; none in transit.
    const atPlaces = await sql<{
      id: string;
      quantity: number;
      at_main: number;
      in_transit: number;
    }>`
      select every_bike.id, every_bike.quantity, every_bike.in_transit, bike_stock.quantity as at_main
      from (select id, quantity, in_transit from bike
            union all select id, quantity, in_transit from deleted_bike) as every_bike
      join bike_stock on bike_stock.bike_id = every_bike.id and bike_stock.place_id = ${MAIN_WAREHOUSE_ID}
      order by every_bike.id`.execute(db);
    expect(atPlaces.rows).toHaveLength(before.quantities.length);
    for (const row of atPlaces.rows) {
      expect(row).toEqual({
        id: row.id,
        quantity: row.quantity,
        at_main: row.quantity,
        in_transit: 0,
      });
    }

    // The upgraded stock works: a delivery comes from the main warehouse, a restore brings the
    // deleted bike's units back there.
    const stock = createStockRepository(db, { publicUrl: PUBLIC_URL });
    const delivered = await stock.changeQuantity(first.id, -1, "deliver", actor, {
      placeId: MAIN_WAREHOUSE_ID,
    });
    expect(delivered && "bike" in delivered && delivered.bike.stock).toEqual([
      { placeId: MAIN_WAREHOUSE_ID, place: "Main warehouse", quantity: first.quantity - 3 },
    ]);
    const restored = await createDeletedBikesRepository(db, { publicUrl: PUBLIC_URL }).restore(
      third.id,
      actor,
    );
    expect(restored?.stock).toEqual([
      { placeId: MAIN_WAREHOUSE_ID, place: "Main warehouse", quantity: third.quantity },
    ]);
  });
});
