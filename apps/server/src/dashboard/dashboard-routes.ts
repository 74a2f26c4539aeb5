import { dashboardSchema } from "@ultimate-bikes/contract/dashboard";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Authentication } from "../auth/authentication.ts";
import { errorResponses as errors } from "../plugins/errors.ts";
import type { DashboardRepository } from "./dashboard-repository.ts";

/** `GET /api/dashboard`: the warehouse in numbers, for anyone signed in (issue 13). */
export async function dashboardRoutes(
  app: FastifyInstance,
  { dashboard, authentication }: { dashboard: DashboardRepository; authentication: Authentication },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/dashboard",
    {
      onRequest: authentication.requireUser,
      config: { ledgerPosition: true },
      schema: {
        tags: ["stock"],
        summary:
          "Models, units, value, low and out counts, today's movements, 30 days of units in and out, value by supplier",
        response: { 200: dashboardSchema, ...errors(401) },
      },
    },
    async () => dashboard.read(),
  );
}
