import {
  itemListSchema,
  deletedSchema,
  insertedSchema,
  itemsQuerySchema,
  newBikeSchema,
} from "@ultimate-bikes/contract/bikes";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { errorResponses as errors } from "../plugins/errors.ts";
import { limitBikeAdds } from "./add-rate-limit.ts";
import { ownPhotoUrlsAsPaths } from "./own-photo-urls.ts";
import { bikeIdParams, orHttpError } from "./stock-http.ts";
import type { StockRules } from "./stock-rules.ts";

/**
 * "My items" are the bikes a user added: one row in the bike table, no second collection
 * (docs/decisions/005: one bike, one row).
 */
export async function itemsRoutes(
  app: FastifyInstance,
  {
    stock,
    authentication,
    publicUrl,
  }: { stock: StockRules; authentication: Authentication; publicUrl: string },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/items",
    {
      onRequest: authentication.requireBearer,
      config: { ledgerPosition: true },
      schema: {
        tags: ["items"],
        summary: "The bikes a user added (bearer token for that email required)",
        querystring: itemsQuerySchema,
        response: { 200: itemListSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => orHttpError(await stock.itemsOf(request.query.email, request.tokenEmail)),
  );

  routes.post(
    "/items",
    {
      onRequest: authentication.requireUser,
      preValidation: ownPhotoUrlsAsPaths(publicUrl),
      preHandler: limitBikeAdds,
      schema: {
        tags: ["items"],
        summary:
          "Add an item; the original client's second insert after POST /bikes returns that bike instead of a copy",
        body: newBikeSchema,
        response: { 200: insertedSchema, 201: insertedSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const added = orHttpError(await stock.add(request.body, signedInUser(request), "items"));
      return reply
        .code(added.created ? 201 : 200)
        .send({ acknowledged: true, insertedId: added.id });
    },
  );

  routes.delete(
    "/items/:id",
    {
      onRequest: authentication.requireUser,
      schema: {
        tags: ["items"],
        summary: "Cancel (delete) one of your own items",
        params: bikeIdParams,
        response: { 200: deletedSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => ({
      acknowledged: true,
      ...orHttpError(await stock.remove(request.params.id, signedInUser(request), "items")),
    }),
  );
}
