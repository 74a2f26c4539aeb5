import type { NewBike } from "@ultimate-bikes/contract/bikes";
import { sql, type Insertable, type Kysely } from "kysely";
import { committingWrites, insertBikeWithMovement } from "../bikes/bike-writes.ts";
import { MAIN_WAREHOUSE_ID } from "./main-warehouse.ts";
import type { BulkUnitRow } from "./bulk-units.ts";
import { seedShowroomsIfNone } from "./seed-places.ts";
import { takeStockNumbers } from "../bikes/stock-number-sequence.ts";
import type { BikeTable, Database } from "./schema.ts";

/**
 * Seeding's data access: the demo stock of an empty database (seed.ts) and the bulk stock of
 * benchmarks and demos (bulk-stock.ts), each bike with its opening `seed` movement. Seeded bikes
 * are warehouse stock (no owner). `committed` runs after each write that committed
 * (db/stock-changes.ts).
 */
export function createSeedRepository(
  db: Kysely<Database>,
  { committed = () => {} }: { committed?: () => void } = {},
) {
  const write = committingWrites(db, committed);

  return {
    /**
     * Fills an empty stock with warehouse bikes (no owner), all at the main warehouse, and adds
     * the demo showrooms; returns how many bikes it added.
     */
    async seedIfEmpty(stock: readonly NewBike[]): Promise<number> {
      return write(async (trx) => {
        const existing = await trx.selectFrom("bike").select("id").limit(1).executeTakeFirst();
        if (existing) return 0;
        await seedShowroomsIfNone(trx);
        const start = Date.now();
        for (const [index, bike] of stock.entries()) {
          // One millisecond apart, so the list keeps the seed's order.
          await insertBikeWithMovement(
            trx,
            bike,
            null,
            "seed",
            new Date(start + index).toISOString(),
            MAIN_WAREHOUSE_ID,
          );
        }
        return stock.length;
      });
    },

    /** Whether a bike with this id is in the stock. */
    async holds(id: string): Promise<boolean> {
      const row = await db.selectFrom("bike").select("id").where("id", "=", id).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Stores ready-made warehouse bikes (the bulk stock of bulk-stock.ts) with their opening
     * ledger entries, in one transaction of multi-row inserts: the fast path for many bikes.
     * Each bike's units are at one place, the places taken in turn (the demo showrooms are
     * added first when there are none). A bike given its units tracks them: they are in stock at
     * its place, as many as its quantity, and its opening entry moved them.
     */
    async insertSeedRows(
      rows: readonly { bike: Insertable<BikeTable>; units: readonly BulkUnitRow[] }[],
      rowsPerInsert: number,
    ) {
      await write(async (trx) => {
        const places = await seedShowroomsIfNone(trx);
        const placeOf = (stockNumber: number) => places[stockNumber % places.length]!;
        // Their stock numbers, in the order given (migration 018).
        const firstNumber = await takeStockNumbers(trx, rows.length);
        for (let start = 0; start < rows.length; start += rowsPerInsert) {
          const slice = rows.slice(start, start + rowsPerInsert);
          const batch = slice.map(({ bike, units }, index) => ({
            ...bike,
            stock_number: firstNumber + start + index,
            // Every row names it: a multi-row insert would write a null where one leaves it out.
            tracks_units: units.length > 0 ? sql<boolean>`true` : sql<boolean>`false`,
          }));
          await trx.insertInto("bike").values(batch).execute();
          await trx
            .insertInto("bike_stock")
            .values(
              batch.map((bike) => ({
                bike_id: bike.id,
                place_id: placeOf(bike.stock_number),
                quantity: bike.quantity,
              })),
            )
            .execute();
          const movements = await trx
            .insertInto("stock_movement")
            .values(
              batch.map((bike) => ({
                bike_id: bike.id,
                bike_name: bike.name,
                kind: "seed" as const,
                delta: bike.quantity,
                quantity_after: bike.quantity,
                actor_id: null,
                actor_email: null,
                created_at: bike.created_at,
                place_id: placeOf(bike.stock_number),
                place_delta: bike.quantity,
                place_quantity_after: bike.quantity,
              })),
            )
            .returning(["id", "bike_id"])
            .execute();
          const movementOf = new Map(movements.map((movement) => [movement.bike_id, movement.id]));
          const units = batch.flatMap((bike, index) =>
            slice[index]!.units.map((unit) => ({ ...unit, place_id: placeOf(bike.stock_number) })),
          );
          for (let first = 0; first < units.length; first += rowsPerInsert) {
            const unitBatch = units.slice(first, first + rowsPerInsert);
            await trx.insertInto("unit").values(unitBatch).execute();
            await trx
              .insertInto("stock_movement_unit")
              .values(
                unitBatch.map((unit) => ({
                  unit_id: unit.id,
                  movement_id: movementOf.get(unit.bike_id)!,
                })),
              )
              .execute();
          }
        }
      });
    },
  };
}

export type SeedRepository = ReturnType<typeof createSeedRepository>;
