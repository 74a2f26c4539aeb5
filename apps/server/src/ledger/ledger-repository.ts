import { bikeIdSchema, type StockMovement } from "@ultimate-bikes/contract/bikes";
import type { LedgerEntry, LedgerQuery } from "@ultimate-bikes/contract/ledger";
import { stockStatusOf } from "@ultimate-bikes/contract/stock";
import { parseStockNumber } from "@ultimate-bikes/contract/stock-number";
import type { StockEvent } from "@ultimate-bikes/contract/stock-events";
import { sql, type Kysely, type SqlBool } from "kysely";
import { toBike } from "../bikes/bike-rows.ts";
import { ledgerEntryOf, movementOf, movementsWithNames } from "../bikes/movement-rows.ts";
import { toIsoTimestamp, type Database } from "../db/schema.ts";

export type LedgerFilters = Omit<LedgerQuery, "limit" | "cursor">;

/** The first moment of a UTC day, and of the day after it: a date filter is inclusive. */
const startOf = (day: string) => `${day}T00:00:00.000Z`;
const dayAfter = (day: string) =>
  new Date(Date.parse(startOf(day)) + 24 * 60 * 60 * 1000).toISOString();

/**
 * Which bikes a person's text names (issue 21): the one with that id, the one with that stock
 * number, or those of that name, ignoring case. Both `bike` and `deleted_bike` have these columns.
 */
function bikesNamed(text: string) {
  const stockNumber = parseStockNumber(text);
  if (bikeIdSchema.safeParse(text).success) return sql<SqlBool>`id = ${text}`;
  if (stockNumber !== undefined) return sql<SqlBool>`stock_number = ${stockNumber}`;
  return sql<SqlBool>`lower(name) = lower(${text})`;
}

/**
 * The stock ledger's reads: the whole ledger, newest first, filtered (issue 13), a bike's own, and
 * the movements after one for the live feed. Read-only: movements are recorded with the change
 * they record (bikes/bike-writes.ts) and never changed.
 */
export function createLedgerRepository(db: Kysely<Database>, { publicUrl }: { publicUrl: string }) {
  return {
    /** Up to `limit` movements matching `filters`, older than `beforeId` when given. */
    async page(filters: LedgerFilters, limit: number, beforeId?: number): Promise<LedgerEntry[]> {
      let query = movementsWithNames(db).orderBy("stock_movement.id", "desc").limit(limit);
      if (beforeId !== undefined) query = query.where("stock_movement.id", "<", beforeId);
      if (filters.bikeId) query = query.where("stock_movement.bike_id", "=", filters.bikeId);
      if (filters.bike) {
        const named = bikesNamed(filters.bike);
        query = query.where("stock_movement.bike_id", "in", (eb) =>
          eb
            .selectFrom("bike")
            .select("bike.id")
            .where(named)
            .unionAll(eb.selectFrom("deleted_bike").select("deleted_bike.id").where(named)),
        );
      }
      if (filters.actor) query = query.where("stock_movement.actor_id", "=", filters.actor);
      if (filters.kind) query = query.where("stock_movement.kind", "=", filters.kind);
      // Its index (place_id, id) reads a place's movements newest first, page after page.
      if (filters.place) query = query.where("stock_movement.place_id", "=", filters.place);
      if (filters.from)
        query = query.where("stock_movement.created_at", ">=", startOf(filters.from));
      if (filters.to) query = query.where("stock_movement.created_at", "<", dayAfter(filters.to));
      return (await query.execute()).map(ledgerEntryOf);
    },

    /** Whoever has made a movement and still has an account, by name. */
    async people(): Promise<{ id: string; name: string }[]> {
      return (
        db
          .selectFrom("user")
          .select(["user.id", "user.name"])
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom("stock_movement")
                .select("stock_movement.id")
                .whereRef("stock_movement.actor_id", "=", "user.id"),
            ),
          )
          // By name ignoring case, as the stock's name sorts (issue 21).
          .orderBy(sql`lower(${sql.ref("user.name")})`)
          .orderBy("user.id")
          .execute()
      );
    },

    /** A bike's movements, newest first. */
    async movements(id: string, limit: number): Promise<StockMovement[]> {
      const rows = await movementsWithNames(db)
        .where("stock_movement.bike_id", "=", id)
        .orderBy("stock_movement.id", "desc")
        .limit(limit)
        .execute();
      return rows.map(movementOf);
    },

    /** The newest movement's id; null while the ledger is empty. */
    async latestMovementId(): Promise<number | null> {
      const row = await db
        .selectFrom("stock_movement")
        .select((eb) => eb.fn.max("id").as("latest"))
        .executeTakeFirst();
      return row?.latest == null ? null : Number(row.latest);
    },

    /**
     * The movements after `afterId`, oldest first, as live stock events (docs/decisions/011). A
     * bike that came in (or back) carries its public fields, with the quantity it came in with.
     */
    async movementsAfter(afterId: number, limit: number): Promise<StockEvent[]> {
      const rows = await db
        .selectFrom("stock_movement as movement")
        .leftJoin("bike", (join) =>
          join
            .onRef("bike.id", "=", "movement.bike_id")
            .on("movement.kind", "in", ["create", "seed", "restore", "edit"]),
        )
        .leftJoin("place as moved_at_place", "moved_at_place.id", "movement.place_id")
        .select([
          "movement.id as movement_id",
          "movement.bike_id",
          "movement.bike_name",
          "movement.kind",
          "movement.delta",
          "movement.quantity_after",
          "movement.created_at as moved_at",
          "movement.place_id",
          "movement.place_delta",
          "movement.place_quantity_after",
          "movement.in_transit_after",
          "movement.transfer_id",
          "moved_at_place.name as place_name",
          "bike.id",
          "bike.name",
          "bike.photo",
          "bike.des",
          "bike.price_cents",
          "bike.supplier_name",
          "bike.reorder_point",
          "bike.stock_number",
          "bike.in_transit",
          "bike.tracks_units",
          "bike.held",
          "bike.updated_at",
        ])
        .where("movement.id", ">", afterId)
        .orderBy("movement.id")
        .limit(limit)
        .execute();
      return rows.map((row) => {
        const event: StockEvent = {
          id: Number(row.movement_id),
          bikeId: row.bike_id,
          name: row.bike_name,
          kind: row.kind,
          delta: row.delta,
          quantity: row.quantity_after,
          at: toIsoTimestamp(row.moved_at),
          placeId: row.place_id,
          place: row.place_name,
          placeDelta: row.place_delta,
          placeQuantity: row.place_quantity_after,
          inTransit: row.in_transit_after,
          transferId: row.transfer_id,
        };
        if (row.id === null) return event;
        // The join matched, so every bike column is there.
        const bike = toBike(
          {
            id: row.id,
            name: row.name!,
            photo: row.photo!,
            des: row.des!,
            price_cents: row.price_cents!,
            quantity: row.quantity_after,
            supplier_name: row.supplier_name!,
            reorder_point: row.reorder_point!,
            stock_number: row.stock_number,
            in_transit: row.in_transit!,
            tracks_units: row.tracks_units!,
            held: row.held!,
          },
          publicUrl,
        );
        return {
          ...event,
          bike: {
            ...bike,
            status: stockStatusOf(bike.quantity, bike.reorderPoint),
            updatedAt: toIsoTimestamp(row.updated_at!),
          },
        };
      });
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
