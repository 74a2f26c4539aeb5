import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import { sql } from "kysely";
import type { CurrentBike } from "../bikes/bike-details.ts";
import { MAIN_WAREHOUSE_ID } from "../db/main-warehouse.ts";
import type { Database } from "../db/schema.ts";
import { currentBikeColumns, currentBikeOf } from "./stock-csv-repository.ts";

/** The export's reads (issue 13), on the server's Kysely. */

/** Which bikes an export holds (bikes/stock-search.ts, `condition`). */
export type ExportFilter = (eb: ExpressionBuilder<Database, "bike">) => Expression<SqlBool>;

/** A bike as an export writes it: with its units in transit and at each place (by place id). */
export interface ExportedBike extends CurrentBike {
  inTransit: number;
  atPlace: ReadonlyMap<string, number>;
}

/**
 * A page of the stock (the bikes `filter` keeps) for an export, by id, after `afterId`; with
 * `places`, each bike's units at each place, one more query a page.
 */
export async function exportPage(
  db: Kysely<Database>,
  afterId: string | null,
  limit: number,
  { filter, places }: { filter?: ExportFilter; places: boolean },
): Promise<ExportedBike[]> {
  let query = db
    .selectFrom("bike")
    .select([...currentBikeColumns, "in_transit"])
    .orderBy("id")
    .limit(limit);
  if (afterId !== null) query = query.where("id", ">", afterId);
  if (filter) query = query.where(filter);
  const rows = await query.execute();
  const atPlaces = new Map<string, Map<string, number>>();
  if (places && rows.length > 0) {
    const stock = await db
      .selectFrom("bike_stock")
      .select(["bike_id", "place_id", "quantity"])
      .where(
        "bike_id",
        "in",
        rows.map((row) => row.id),
      )
      .where("quantity", ">", 0)
      .execute();
    for (const { bike_id, place_id, quantity } of stock) {
      const atPlace = atPlaces.get(bike_id) ?? new Map<string, number>();
      atPlace.set(place_id, quantity);
      atPlaces.set(bike_id, atPlace);
    }
  }
  return rows.map((row) => ({
    ...currentBikeOf(row),
    inTransit: row.in_transit,
    atPlace: atPlaces.get(row.id) ?? new Map(),
  }));
}

/**
 * The places an export has a column for: every open one, and an archived one while it still
 * holds units (so a bike's places and its units in transit add up to its quantity); the main
 * warehouse first, then by name.
 */
export async function exportPlaces(db: Kysely<Database>): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom("place")
    .select(["place.id", "place.name"])
    .where((eb) =>
      eb.or([
        eb("place.archived_at", "is", null),
        eb.exists(
          eb
            .selectFrom("bike_stock")
            .select("bike_stock.bike_id")
            .whereRef("bike_stock.place_id", "=", "place.id")
            .where("bike_stock.quantity", ">", 0),
        ),
      ]),
    )
    .orderBy(sql`case when place.id = ${MAIN_WAREHOUSE_ID} then 0 else 1 end`)
    .orderBy(sql`lower(place.name)`)
    .orderBy("place.id")
    .execute();
}

/** The main warehouse's name now (admins may rename it), for the import template's example. */
export async function mainWarehouseName(db: Kysely<Database>): Promise<string> {
  const place = await db
    .selectFrom("place")
    .select("name")
    .where("id", "=", MAIN_WAREHOUSE_ID)
    .executeTakeFirstOrThrow();
  return place.name;
}
