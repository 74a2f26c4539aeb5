import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import { deletedBikeListSchema } from "@ultimate-bikes/contract/deleted-bikes";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { errorResponses as errors } from "../plugins/errors.ts";
import { bikeIdParams, orHttpError } from "./stock-http.ts";
import type { StockRules } from "./stock-rules.ts";

interface DeletedBikesRoutesOptions {
  stock: StockRules;
  authentication: Authentication;
  /** DELETED_RETENTION_DAYS: how long a deleted bike stays restorable. */
  retentionDays: number;
}

/** Recently deleted and restoring from it (docs/decisions/015). */
export async function deletedBikesRoutes(
  app: FastifyInstance,
  { stock, authentication, retentionDays }: DeletedBikesRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/deleted-bikes",
    {
      onRequest: authentication.requireStaff,
      config: { ledgerPosition: true },
      schema: {
        tags: ["bikes"],
        summary: "Bikes deleted within the retention period, newest first (staff)",
        response: { 200: deletedBikeListSchema, ...errors(401, 403) },
      },
    },
    async () => stock.deletedBikes(retentionDays),
  );

  routes.post(
    "/deleted-bikes/:id/restore",
    {
      // Members may restore their own bikes (the Undo of a cancel): the stock rules decide.
      onRequest: authentication.requireUser,
      schema: {
        tags: ["bikes"],
        summary:
          "Restore a deleted bike with its id, quantity and history (staff, or the bike's owner)",
        params: bikeIdParams,
        response: { 200: bikeSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => orHttpError(await stock.restore(request.params.id, signedInUser(request))),
  );
}
