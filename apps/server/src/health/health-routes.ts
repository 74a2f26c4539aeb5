import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isDatabaseReachable, type AppDatabase } from "../db/database.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "../plugins/errors.ts";

const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["sqlite", "postgres"]),
});

export async function healthRoutes(app: FastifyInstance, { database }: { database: AppDatabase }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/health",
    {
      schema: {
        tags: ["health"],
        summary: "Whether the server can reach its database",
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const reachable = await isDatabaseReachable(database.db);
      // As every other answer during an outage: when to ask again (plugins/errors.ts).
      if (!reachable) reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return reply
        .code(reachable ? 200 : 503)
        .send({ status: reachable ? "ok" : "unavailable", database: database.kind });
    },
  );
}
