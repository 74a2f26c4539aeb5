import {
  itemListSchema,
  deletedSchema,
  insertedSchema,
  itemsQuerySchema,
  newBikeSchema,
} from "@ultimate-bikes/contract/bikes";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { errorResponses as errors, HttpError } from "../plugins/errors.ts";
import { removeBike } from "./bike-removal.ts";
import type { BikeRepository } from "./bikes-repository.ts";
import { checkedBikeId } from "./stock-errors.ts";

/** How long after `POST /bikes` the spec's follow-up `POST /items` with the same body counts as the same bike. */
const TWIN_WINDOW_MS = 10 * 60 * 1000;

/**
 * "My items" are the bikes a user added: one row in the bike table, no second collection
 * (DESIGN.md: one bike, one row).
 */
export async function itemsRoutes(
  app: FastifyInstance,
  { bikes, authentication }: { bikes: BikeRepository; authentication: Authentication },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/items",
    {
      onRequest: authentication.requireBearer,
      schema: {
        tags: ["items"],
        summary: "The bikes a user added (bearer token for that email required)",
        querystring: itemsQuerySchema,
        response: { 200: itemListSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      if (request.tokenEmail?.toLowerCase() !== request.query.email.toLowerCase()) {
        throw new HttpError(403, "Forbidden access");
      }
      return bikes.listOwnedBy(request.query.email);
    },
  );

  routes.post(
    "/items",
    {
      onRequest: authentication.requireUser,
      schema: {
        tags: ["items"],
        summary:
          "Add an item; the spec's second insert after POST /bikes returns that bike instead of a copy",
        body: newBikeSchema,
        response: { 200: insertedSchema, 201: insertedSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (request.body.email && request.body.email.toLowerCase() !== user.email.toLowerCase()) {
        throw new HttpError(403, "You can only add items under your own email.");
      }
      const twin = await bikes.findRecentTwin(request.body, user, TWIN_WINDOW_MS);
      if (twin) return reply.code(200).send({ acknowledged: true, insertedId: twin });
      const bike = await bikes.create(request.body, user);
      return reply.code(201).send({ acknowledged: true, insertedId: bike._id });
    },
  );

  routes.delete(
    "/items/:id",
    {
      onRequest: authentication.requireUser,
      schema: {
        tags: ["items"],
        summary: "Cancel (delete) one of your own items",
        params: z.object({ id: z.string() }),
        response: { 200: deletedSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) =>
      removeBike(bikes, checkedBikeId(request.params.id), signedInUser(request), "owner-only"),
  );
}
