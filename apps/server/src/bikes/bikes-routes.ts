import {
  bikeListSchema,
  bikeSchema,
  deletedSchema,
  deliveredQuantitySchema,
  importRequestSchema,
  insertedSchema,
  newBikeSchema,
  newTotalSchema,
  stockMovementListSchema,
} from "@ultimate-bikes/contract/bikes";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { errorResponses as errors, HttpError, notFound } from "../plugins/errors.ts";
import { removeBike } from "./bike-removal.ts";
import type { BikeRepository } from "./bikes-repository.ts";
import { bikeOrThrow, checkedBikeId, NO_SUCH_BIKE } from "./stock-errors.ts";

const bikeParams = z.object({ id: z.string() });

/** `If-Match: "7"` (or 7): the quantity a caller computed its new total from. */
function quantityFromIfMatch(header: string | undefined): number | undefined {
  const match = header?.match(/^(?:W\/)?"?(\d+)"?$/);
  return match ? Number(match[1]) : undefined;
}

interface BikesRoutesOptions {
  bikes: BikeRepository;
  authentication: Authentication;
}

export async function bikesRoutes(
  app: FastifyInstance,
  { bikes, authentication }: BikesRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: authentication.requireUser };

  routes.get(
    "/bikes",
    {
      schema: {
        tags: ["bikes"],
        summary: "Every bike in stock, oldest first",
        response: { 200: bikeListSchema },
      },
    },
    async () => bikes.list(),
  );

  routes.get(
    "/bikes/:id",
    {
      schema: {
        tags: ["bikes"],
        summary: "One bike",
        params: bikeParams,
        response: { 200: bikeSchema, ...errors(404) },
      },
    },
    async (request) => {
      const bike = await bikes.findById(checkedBikeId(request.params.id));
      if (!bike) throw notFound(NO_SUCH_BIKE);
      return bike;
    },
  );

  routes.post(
    "/bikes",
    {
      ...signedIn,
      schema: {
        tags: ["bikes"],
        summary: "Add a bike owned by the signed-in user",
        body: newBikeSchema,
        response: { 201: insertedSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (request.body.email && request.body.email.toLowerCase() !== user.email.toLowerCase()) {
        throw new HttpError(403, "You can only add bikes under your own email.");
      }
      const bike = await bikes.create(request.body, user);
      return reply.code(201).send({ acknowledged: true, insertedId: bike._id });
    },
  );

  routes.post(
    "/bikes/:id/deliveries",
    {
      ...signedIn,
      schema: {
        tags: ["stock"],
        summary: "Deliver one unit (atomic; 409 when the stock is empty)",
        params: bikeParams,
        response: { 200: bikeSchema, ...errors(401, 404, 409) },
      },
    },
    async (request) =>
      bikeOrThrow(await bikes.deliverOne(checkedBikeId(request.params.id), signedInUser(request))),
  );

  routes.post(
    "/bikes/:id/imports",
    {
      ...signedIn,
      schema: {
        tags: ["stock"],
        summary: "Import (restock) a whole number of units (atomic; 0 changes nothing)",
        params: bikeParams,
        body: importRequestSchema,
        response: { 200: bikeSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const id = checkedBikeId(request.params.id);
      if (request.body.amount === 0) {
        const bike = await bikes.findById(id);
        if (!bike) throw notFound(NO_SUCH_BIKE);
        return bike;
      }
      return bikeOrThrow(await bikes.importUnits(id, request.body.amount, signedInUser(request)));
    },
  );

  routes.patch(
    "/bikes/:id",
    {
      ...signedIn,
      schema: {
        tags: ["stock"],
        summary:
          "Delivered, as the spec sends it: accepted only when updatedQuantity is the stored quantity minus one",
        params: bikeParams,
        body: deliveredQuantitySchema,
        response: { 200: bikeSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { updatedQuantity } = request.body;
      return bikeOrThrow(
        await bikes.deliverOne(
          checkedBikeId(request.params.id),
          signedInUser(request),
          updatedQuantity + 1,
        ),
      );
    },
  );

  routes.put(
    "/bikes/:id",
    {
      ...signedIn,
      schema: {
        tags: ["stock"],
        summary:
          "Import, as the spec sends it: the new total, applied only if the stock is still previousQuantity (or If-Match)",
        params: bikeParams,
        body: newTotalSchema,
        response: { 200: bikeSchema, ...errors(400, 401, 404, 409, 428) },
      },
    },
    async (request) => {
      const id = checkedBikeId(request.params.id);
      const { newNumber } = request.body;
      const previous =
        request.body.previousQuantity ?? quantityFromIfMatch(request.headers["if-match"]);
      if (previous === undefined) {
        // Without the total it started from, a new total can silently undo someone else's import.
        throw new HttpError(
          428,
          "Say which quantity the new total was computed from: previousQuantity in the body or an If-Match header. Or use POST /api/bikes/{id}/imports.",
        );
      }
      if (newNumber < previous) {
        throw new HttpError(400, "body.newNumber: an import cannot lower the stock", {
          fields: [{ field: "body.newNumber", message: "must not be below previousQuantity" }],
        });
      }
      if (newNumber === previous) {
        // Nothing to add, but the caller must still be looking at the stored quantity.
        const bike = await bikes.findById(id);
        if (!bike) throw notFound(NO_SUCH_BIKE);
        if (bike.quantity !== previous) {
          return bikeOrThrow({
            refused: "conflict",
            currentQuantity: bike.quantity,
            reason: "stale",
          });
        }
        return bike;
      }
      return bikeOrThrow(
        await bikes.importUnits(id, newNumber - previous, signedInUser(request), previous),
      );
    },
  );

  routes.delete(
    "/bikes/:id",
    {
      ...signedIn,
      schema: {
        tags: ["bikes"],
        summary: "Delete a bike (warehouse stock, or one of your own)",
        params: bikeParams,
        response: { 200: deletedSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) =>
      removeBike(
        bikes,
        checkedBikeId(request.params.id),
        signedInUser(request),
        "owner-or-warehouse-stock",
      ),
  );

  routes.get(
    "/bikes/:id/movements",
    {
      ...signedIn,
      schema: {
        tags: ["stock"],
        summary: "The bike's stock ledger, newest first",
        params: bikeParams,
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(10) }),
        response: { 200: stockMovementListSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const id = checkedBikeId(request.params.id);
      const movements = await bikes.movements(id, request.query.limit);
      // Every bike has at least its opening movement, and the ledger outlives it: none means never.
      if (movements.length === 0) throw notFound(NO_SUCH_BIKE);
      return movements;
    },
  );
}
