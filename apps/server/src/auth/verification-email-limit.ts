import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** better-auth's rate-limit table (migration 002), which it prunes of rows past their window. */
interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: number | string | bigint;
}

/**
 * One verification mail per account per `intervalSeconds`, whichever server is asked: counted in
 * better-auth's own rate-limit table, under a key of ours (theirs are an address and a path), so
 * every server sharing the database counts against the same limit, with nothing new to migrate.
 */
export function createVerificationEmailLimit(db: Kysely<Database>, intervalSeconds: number) {
  const limits = db.withTables<{ rateLimit: RateLimitTable }>();
  const intervalMs = intervalSeconds * 1000;

  return {
    /**
     * Takes the account's turn if its last one is over: undefined then, else how many seconds are
     * left. One statement, so two requests at once (on any server) never both get a turn.
     */
    async claim(userId: string, now = Date.now()): Promise<number | undefined> {
      const key = `verification-email:user:${userId}`;
      const claimed = await limits
        .insertInto("rateLimit")
        .values({ id: randomUUID(), key, count: 1, lastRequest: now })
        .onConflict((conflict) =>
          conflict
            .column("key")
            .doUpdateSet({ count: 1, lastRequest: now })
            .where(sql.ref("rateLimit.lastRequest"), "<=", now - intervalMs),
        )
        .returning("key")
        .executeTakeFirst();
      if (claimed) return undefined;
      const last = await limits
        .selectFrom("rateLimit")
        .select("lastRequest")
        .where("key", "=", key)
        .executeTakeFirst();
      const waitMs = Number(last?.lastRequest ?? now) + intervalMs - now;
      return Math.max(1, Math.ceil(waitMs / 1000));
    },
  };
}

export type VerificationEmailLimit = ReturnType<typeof createVerificationEmailLimit>;
