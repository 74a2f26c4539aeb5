import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { sql, type Kysely } from "kysely";
import { signedInUser } from "../auth/authentication.ts";
import type { Database } from "../db/schema.ts";
import { sendError } from "../plugins/errors.ts";

const WINDOW_MS = 60_000;

/**
 * How many bikes one account may add a minute (BIKE_ADDS_PER_MINUTE), counted in the database
 * (migration 004) like the sign-in limits, so every server sharing it counts against the same
 * limit. A window opens with an account's first add and lasts a minute.
 */
function createBikeAddCounter(db: Kysely<Database>, perMinute: number) {
  return {
    perMinute,

    /** Counts one more add; answers how many the window holds now and when it closes. */
    async countOne(userId: string, now: number): Promise<{ added: number; windowEnd: number }> {
      const open = sql<boolean>`bike_add_window.window_start > ${now - WINDOW_MS}`;
      // One statement, so concurrent adds (on any server) each see their own count.
      const { rows } = await sql<{ added: number; window_start: number }>`
        insert into bike_add_window (user_id, window_start, added) values (${userId}, ${now}, 1)
        on conflict (user_id) do update set
          added = case when ${open} then bike_add_window.added + 1 else 1 end,
          window_start = case when ${open} then bike_add_window.window_start else ${now} end
        returning added, window_start`.execute(db);
      const row = rows[0]!;
      return { added: row.added, windowEnd: Number(row.window_start) + WINDOW_MS };
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    bikeAdds: ReturnType<typeof createBikeAddCounter>;
  }
}

export const addRateLimitPlugin = fp(
  async (app, { db, perMinute }: { db: Kysely<Database>; perMinute: number }) => {
    app.decorate("bikeAdds", createBikeAddCounter(db, perMinute));
  },
  { name: "add-rate-limit" },
);

/**
 * The preHandler of POST /bikes and POST /items (after the sign-in check and the body's
 * validation): past the limit, 429 with Retry-After in seconds, and nothing is added.
 */
export async function limitBikeAdds(request: FastifyRequest, reply: FastifyReply) {
  const { perMinute, countOne } = request.server.bikeAdds;
  const now = Date.now();
  const { added, windowEnd } = await countOne(signedInUser(request).id, now);
  if (added <= perMinute) return;
  const seconds = Math.max(1, Math.ceil((windowEnd - now) / 1000));
  reply.header("retry-after", String(seconds));
  return sendError(
    reply,
    429,
    `You are adding bikes too fast: at most ${perMinute} a minute. Please try again in ${seconds === 1 ? "1 second" : `${seconds} seconds`}.`,
  );
}
