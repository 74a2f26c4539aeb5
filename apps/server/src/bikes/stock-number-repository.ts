import type { Bike } from "@ultimate-bikes/contract/bikes";
import { formatStockNumber } from "@ultimate-bikes/contract/stock-number";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

import { committingWrites, findBikeIn, now, recordMovement, type Actor } from "./bike-writes.ts";
import { keepSequenceAbove } from "./stock-number-sequence.ts";

/** What setting a bike's stock number did: the bike as it is now, a clash, or no such bike. */
export type StockNumberChange = { bike: Bike } | { takenBy: "bike" | "deleted-bike" } | undefined;

/** Whether a database refused a write for a unique index (SQLite and PostgreSQL alike). */
const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
};

/**
 * Reading bikes by stock number, and staff's edit of one. A number belongs to one bike, in the
 * stock or deleted (a restore brings it back with it), so an edit to a number in use is a clash.
 */
export function createStockNumbers(
  db: Kysely<Database>,
  { committed = () => {}, publicUrl }: { committed?: () => void; publicUrl: string },
) {
  const write = committingWrites(db, committed);

  return {
    async find(number: number): Promise<Bike | undefined> {
      const row = await db
        .selectFrom("bike")
        .select("bike.id")
        .where("bike.stock_number", "=", number)
        .executeTakeFirst();
      return row && findBikeIn(db, row.id, publicUrl);
    },

    /** Gives the bike this number, recorded as an edit; the sequence goes on above it. */
    async change(id: string, number: number, actor: Actor): Promise<StockNumberChange> {
      try {
        return await write(async (trx) => {
          // First, so a creation running meanwhile waits for this edit, or this one sees it.
          await keepSequenceAbove(trx, number);
          const bike = await trx
            .selectFrom("bike")
            .select(["id", "name", "quantity", "stock_number"])
            .where("id", "=", id)
            .executeTakeFirst();
          if (!bike) return undefined;
          if (bike.stock_number !== null && Number(bike.stock_number) === number) {
            return { bike: (await findBikeIn(trx, id, publicUrl))! };
          }
          const holder = await trx
            .selectFrom("bike")
            .select(sql<"bike" | "deleted-bike">`'bike'`.as("place"))
            .where("stock_number", "=", number)
            .unionAll(
              trx
                .selectFrom("deleted_bike")
                .select(sql<"bike" | "deleted-bike">`'deleted-bike'`.as("place"))
                .where("stock_number", "=", number),
            )
            .executeTakeFirst();
          if (holder) return { takenBy: holder.place };
          await trx
            .updateTable("bike")
            .set({ stock_number: number, updated_at: now() })
            .where("id", "=", id)
            .execute();
          const from =
            bike.stock_number === null ? null : formatStockNumber(Number(bike.stock_number));
          await recordMovement(trx, bike, "edit", 0, bike.quantity, actor, undefined, {
            changes: [{ field: "stockNumber", from, to: formatStockNumber(number) }],
          });
          return { bike: (await findBikeIn(trx, id, publicUrl))! };
        });
      } catch (error) {
        // Another edit gave a bike this number between the check and the update.
        if (isUniqueViolation(error)) return { takenBy: "bike" };
        throw error;
      }
    },
  };
}

export type StockNumbers = ReturnType<typeof createStockNumbers>;
