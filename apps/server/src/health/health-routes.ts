import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isDatabaseReachable, type AppDatabase } from "../db/database.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "../plugins/errors.ts";
import type { Readiness } from "./readiness.ts";

const databaseKindSchema = z.enum(["sqlite", "postgres"]);

const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: databaseKindSchema,
});

const livenessSchema = z.object({ status: z.literal("ok") });

const readinessSchema = z.object({
  status: z.enum(["ready", "starting", "stopping", "unavailable"]),
  database: databaseKindSchema,
});

/**
 * A probe's answer must be about now: no proxy or browser may keep it. (None of these routes
 * opts into the read cache, so the stored-answer door never answers them either.)
 */
const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");

/**
 * `/health`, as it always was (the database answers), and the two probes a service manager or
 * load balancer wants: `/health/live` (the process answers; restart it if not) and
 * `/health/ready` (send it traffic; docs/decisions/028).
 */
export async function healthRoutes(
  app: FastifyInstance,
  { database, readiness }: { database: AppDatabase; readiness: Readiness },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
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

  routes.get(
    "/health/live",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness: the process answers (never asks the database)",
        description:
          "200 as long as the process can answer at all, also while it starts or shuts down. " +
          "A database outage does not make it fail: restarting the server would not mend that.",
        response: { 200: livenessSchema },
      },
    },
    async (_request, reply) => noStore(reply).send({ status: "ok" }),
  );

  routes.get(
    "/health/ready",
    {
      schema: {
        tags: ["health"],
        summary: "Readiness: whether to send this instance traffic",
        description:
          "200 `ready` once the migrations are done and the database answers. 503 `starting` " +
          "before that, `stopping` from the moment the server is told to shut down (SIGTERM), " +
          "and `unavailable` (with Retry-After) while the database does not answer.",
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      if (readiness.phase === "ready" && !(await isDatabaseReachable(database.db))) {
        reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.code(503).send({ status: "unavailable", database: database.kind });
      }
      // Read after the database's answer: shutting down may have begun meanwhile.
      const { phase } = readiness;
      return reply
        .code(phase === "ready" ? 200 : 503)
        .send({ status: phase, database: database.kind });
    },
  );
}
