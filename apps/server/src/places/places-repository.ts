import type { Place } from "@ultimate-bikes/contract/places";
import { sql, type Kysely } from "kysely";
import { MAIN_WAREHOUSE_ID } from "../db/main-warehouse.ts";
import { toIsoTimestamp, type Database } from "../db/schema.ts";

/** The places (issue 23, docs/decisions/027): reading them, and each person's home place. */
export function createPlacesRepository(db: Kysely<Database>) {
  return {
    /**
     * Every place, the main warehouse first, then by name; archived ones only when asked. Each
     * with the units of bikes in stock there (deleted bikes' units wait for a restore, unseen).
     */
    async list({ archived = false }: { archived?: boolean } = {}): Promise<Place[]> {
      const rows = await db
        .selectFrom("place")
        .select([
          "place.id",
          "place.name",
          "place.kind",
          "place.city",
          "place.address",
          "place.archived_at",
          (eb) =>
            eb
              .selectFrom("bike_stock")
              .innerJoin("bike", "bike.id", "bike_stock.bike_id")
              .select((inner) =>
                inner.fn
                  .coalesce(inner.fn.sum<number>("bike_stock.quantity"), sql<number>`0`)
                  .as("units"),
              )
              .whereRef("bike_stock.place_id", "=", "place.id")
              .as("units"),
        ])
        .$if(!archived, (query) => query.where("place.archived_at", "is", null))
        .orderBy(sql`case when place.id = ${MAIN_WAREHOUSE_ID} then 0 else 1 end`)
        .orderBy(sql`lower(place.name)`)
        .orderBy("place.id")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        kind: row.kind,
        city: row.city,
        address: row.address,
        archivedAt: row.archived_at === null ? null : toIsoTimestamp(row.archived_at),
        main: row.id === MAIN_WAREHOUSE_ID,
        units: Number(row.units ?? 0),
      }));
    },

    /** The home place a person chose, if any (archived or not: the default skips archived ones). */
    async homePlaceOf(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom("home_place")
        .select("place_id")
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row?.place_id ?? null;
    },
  };
}

export type PlacesRepository = ReturnType<typeof createPlacesRepository>;
