import { lowStockAlertsSchema } from "@ultimate-bikes/contract/alerts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { errorResponses as errors } from "../plugins/errors.ts";
import type { AlertsRepository } from "./alerts-repository.ts";

/** The profile's low-stock alert switch: staff turn it on or off for themselves. */
export async function alertsRoutes(
  app: FastifyInstance,
  { alerts, authentication }: { alerts: AlertsRepository; authentication: Authentication },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/account/low-stock-alerts",
    {
      onRequest: authentication.requireStaff,
      schema: {
        tags: ["account"],
        summary: "Whether you get a mail when a bike runs low (staff)",
        response: { 200: lowStockAlertsSchema, ...errors(401, 403) },
      },
    },
    async (request) => ({ subscribed: await alerts.isSubscribed(signedInUser(request).id) }),
  );

  routes.put(
    "/account/low-stock-alerts",
    {
      onRequest: authentication.requireStaff,
      schema: {
        tags: ["account"],
        summary: "Turn your low-stock alert mails on or off (staff)",
        body: lowStockAlertsSchema,
        response: { 200: lowStockAlertsSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { subscribed } = request.body;
      await alerts.setSubscribed(signedInUser(request).id, subscribed);
      return { subscribed };
    },
  );
}
