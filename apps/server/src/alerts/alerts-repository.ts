import { sql } from "kysely";
import type { AppDatabase } from "../db/database.ts";

/** A low-stock alert a server has taken to send. */
export interface ClaimedAlert {
  id: number;
  bikeId: string;
  bikeName: string;
  quantity: number;
  reorderPoint: number;
  attempts: number;
}

/** Someone who asked for low-stock alerts, as roles.ts judges what they may do. */
export interface Subscriber {
  email: string;
  name: string;
  emailVerified: boolean;
  role: unknown;
}

/** Who wants low-stock alerts, and the outbox the database triggers fill (migration 014). */
export function createAlertsRepository({ db, kind }: AppDatabase) {
  return {
    async isSubscribed(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom("low_stock_subscription")
        .select("user_id")
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async setSubscribed(userId: string, subscribed: boolean): Promise<void> {
      if (!subscribed) {
        await db.deleteFrom("low_stock_subscription").where("user_id", "=", userId).execute();
        return;
      }
      await db
        .insertInto("low_stock_subscription")
        .values({ user_id: userId, created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.column("user_id").doNothing())
        .execute();
    },

    /** Everyone subscribed, with what decides whether they may still receive alerts. */
    async subscribers(): Promise<Subscriber[]> {
      const rows = await db
        .selectFrom("low_stock_subscription")
        .innerJoin("user", "user.id", "low_stock_subscription.user_id")
        .select(["user.email", "user.name", "user.emailVerified", "user.role"])
        .execute();
      return rows.map((row) => ({ ...row, emailVerified: Boolean(row.emailVerified) }));
    },

    /** The outbox's depth: alerts not sent yet, due or waiting for a retry (the metrics). */
    async unsentCount(): Promise<number> {
      const row = await db
        .selectFrom("low_stock_alert")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("sent_at", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Takes up to `limit` due alerts nobody is sending, for `claimMs`: on PostgreSQL rows another
     * server has locked are skipped, so each alert goes to one server; SQLite's one writer at a
     * time does the same.
     */
    async claimDue(limit: number, claimMs: number): Promise<ClaimedAlert[]> {
      const now = new Date();
      const nowIso = now.toISOString();
      let due = db
        .selectFrom("low_stock_alert")
        .select("id")
        .where("sent_at", "is", null)
        .where("next_attempt_at", "<=", nowIso)
        .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", nowIso)]))
        .orderBy("id")
        .limit(limit);
      if (kind === "postgres") due = due.forUpdate().skipLocked();
      const rows = await db
        .updateTable("low_stock_alert")
        .set({
          claimed_until: new Date(now.getTime() + claimMs).toISOString(),
          attempts: sql`attempts + 1`,
        })
        .where("id", "in", due)
        .returning(["id", "bike_id", "bike_name", "quantity", "reorder_point", "attempts"])
        .execute();
      return rows
        .map((row) => ({
          id: Number(row.id),
          bikeId: row.bike_id,
          bikeName: row.bike_name,
          quantity: row.quantity,
          reorderPoint: row.reorder_point,
          attempts: row.attempts,
        }))
        .sort((a, b) => a.id - b.id);
    },

    async markSent(id: number): Promise<void> {
      await db
        .updateTable("low_stock_alert")
        .set({ sent_at: new Date().toISOString(), claimed_until: null, last_error: null })
        .where("id", "=", id)
        .execute();
    },

    async retryLater(id: number, retryAt: Date, error: string): Promise<void> {
      await db
        .updateTable("low_stock_alert")
        .set({ next_attempt_at: retryAt.toISOString(), claimed_until: null, last_error: error })
        .where("id", "=", id)
        .execute();
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
