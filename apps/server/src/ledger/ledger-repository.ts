import type { LedgerEntry, LedgerQuery } from "@ultimate-bikes/contract/ledger";
import type { Kysely } from "kysely";
import { ledgerEntryOf, movementColumns } from "../bikes/movement-rows.ts";
import type { Database } from "../db/schema.ts";

export type LedgerFilters = Omit<LedgerQuery, "limit" | "cursor">;

/** The first moment of a UTC day, and of the day after it: a date filter is inclusive. */
const startOf = (day: string) => `${day}T00:00:00.000Z`;
const dayAfter = (day: string) =>
  new Date(Date.parse(startOf(day)) + 24 * 60 * 60 * 1000).toISOString();

/** The whole ledger, newest first, filtered (issue 13). Read-only: movements are never changed. */
export function createLedgerRepository(db: Kysely<Database>) {
  return {
    /** Up to `limit` movements matching `filters`, older than `beforeId` when given. */
    async page(filters: LedgerFilters, limit: number, beforeId?: number): Promise<LedgerEntry[]> {
      let query = db
        .selectFrom("stock_movement")
        .leftJoin("user", "user.id", "stock_movement.actor_id")
        .select(movementColumns)
        .orderBy("stock_movement.id", "desc")
        .limit(limit);
      if (beforeId !== undefined) query = query.where("stock_movement.id", "<", beforeId);
      if (filters.bikeId) query = query.where("stock_movement.bike_id", "=", filters.bikeId);
      if (filters.actor) query = query.where("stock_movement.actor_id", "=", filters.actor);
      if (filters.kind) query = query.where("stock_movement.kind", "=", filters.kind);
      if (filters.from)
        query = query.where("stock_movement.created_at", ">=", startOf(filters.from));
      if (filters.to) query = query.where("stock_movement.created_at", "<", dayAfter(filters.to));
      return (await query.execute()).map(ledgerEntryOf);
    },

    /** Whoever has made a movement and still has an account, by name. */
    async people(): Promise<{ id: string; name: string }[]> {
      return db
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
        .orderBy("user.name")
        .execute();
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
