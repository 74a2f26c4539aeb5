import { shortAtPlaceMessage, type PlaceStock } from "@ultimate-bikes/contract/places";
import { sql, type Transaction } from "kysely";
import type { Executor } from "../bikes/bike-writes.ts";
import { MAIN_WAREHOUSE_ID } from "../db/main-warehouse.ts";
import type { Database } from "../db/schema.ts";

/*
 * Stock at places (docs/decisions/027): the writes and reads of `bike_stock` that every stock
 * change shares. A write that changes a bike's units at a place changes `bike.quantity` (or
 * `bike.in_transit`) in the same transaction, and always locks the bike's row first, then its
 * places' rows, so two transactions never wait for each other in opposite orders.
 */

export { MAIN_WAREHOUSE_ID };

/** A place a stock change names: unknown (404), archived (409), or open for stock. */
export type PlaceCheck =
  { status: "open"; name: string } | { status: "archived"; name: string } | { status: "unknown" };

export async function checkPlace(executor: Executor, placeId: string): Promise<PlaceCheck> {
  const place = await executor
    .selectFrom("place")
    .select(["name", "archived_at"])
    .where("id", "=", placeId)
    .executeTakeFirst();
  if (!place) return { status: "unknown" };
  return { status: place.archived_at === null ? "open" : "archived", name: place.name };
}

/** The place a person's stock actions default to: their home place while open, else the main warehouse. */
export async function defaultPlaceOf(executor: Executor, userId: string): Promise<string> {
  const home = await executor
    .selectFrom("home_place")
    .innerJoin("place", "place.id", "home_place.place_id")
    .select("place.id")
    .where("home_place.user_id", "=", userId)
    .where("place.archived_at", "is", null)
    .executeTakeFirst();
  return home?.id ?? MAIN_WAREHOUSE_ID;
}

/** Adds `units` of a bike at a place (a row is made on its first units there); the units there after. */
export async function addAtPlace(
  trx: Transaction<Database>,
  bikeId: string,
  placeId: string,
  units: number,
): Promise<number> {
  const row = await trx
    .insertInto("bike_stock")
    .values({ bike_id: bikeId, place_id: placeId, quantity: units })
    .onConflict((conflict) =>
      conflict
        .columns(["bike_id", "place_id"])
        .doUpdateSet({ quantity: sql`bike_stock.quantity + excluded.quantity` }),
    )
    .returning("quantity")
    .executeTakeFirstOrThrow();
  return row.quantity;
}

/** Takes `units` of a bike from a place, if that many are there; the units left, else undefined. */
export async function takeFromPlace(
  trx: Transaction<Database>,
  bikeId: string,
  placeId: string,
  units: number,
): Promise<number | undefined> {
  const taken = await trx
    .updateTable("bike_stock")
    .set({ quantity: sql`quantity - ${units}` })
    .where("bike_id", "=", bikeId)
    .where("place_id", "=", placeId)
    .where("quantity", ">=", units)
    .returning("quantity")
    .executeTakeFirst();
  return taken?.quantity;
}

/** Each place's units of each bike asked for, places with none left out, in the answers' order. */
export async function stockOf(
  executor: Executor,
  bikeIds: readonly string[] | "all",
): Promise<Map<string, PlaceStock[]>> {
  const byBike = new Map<string, PlaceStock[]>();
  if (bikeIds !== "all" && bikeIds.length === 0) return byBike;
  let query = executor
    .selectFrom("bike_stock")
    .innerJoin("place", "place.id", "bike_stock.place_id")
    .select(["bike_stock.bike_id", "place.id", "place.name", "bike_stock.quantity"])
    .where("bike_stock.quantity", ">", 0);
  if (bikeIds !== "all") query = query.where("bike_stock.bike_id", "in", bikeIds);
  const rows = await query
    .orderBy(sql`case when place.id = ${MAIN_WAREHOUSE_ID} then 0 else 1 end`)
    .orderBy(sql`lower(place.name)`)
    .orderBy("place.id")
    .execute();
  for (const row of rows) {
    const stock = byBike.get(row.bike_id) ?? [];
    stock.push({ placeId: row.id, place: row.name, quantity: row.quantity });
    byBike.set(row.bike_id, stock);
  }
  return byBike;
}

/**
 * Why fewer than asked are at a place, in the words of the 409: what is there and where else
 * there is some ("None at Main warehouse; 3 at Khulna showroom").
 */
export async function shortAtPlace(
  executor: Executor,
  bikeId: string,
  placeId: string,
): Promise<string> {
  const stock = (await stockOf(executor, [bikeId])).get(bikeId) ?? [];
  const place = await executor
    .selectFrom("place")
    .select("name")
    .where("id", "=", placeId)
    .executeTakeFirstOrThrow();
  const here = stock.find((entry) => entry.placeId === placeId)?.quantity ?? 0;
  return shortAtPlaceMessage(
    place.name,
    here,
    stock.filter((entry) => entry.placeId !== placeId),
  );
}
