import {
  bikeDetailsInputSchema,
  bikeDetailsPatchSchema,
  type BikeDetailsPatch,
  bikeDetailsSchema,
  bikeListSchema,
  bikeSchema,
  deletedSchema,
  deliveredQuantitySchema,
  deliveryRequestSchema,
  importRequestSchema,
  insertedSchema,
  newBikeSchema,
  newTotalSchema,
  stockMovementListSchema,
} from "@ultimate-bikes/contract/bikes";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { errorResponses as errors } from "../plugins/errors.ts";
import { limitBikeAdds } from "./add-rate-limit.ts";
import { ownPhotoUrlsAsPaths } from "./own-photo-urls.ts";
import { bikeIdParams, orHttpError } from "./stock-http.ts";
import type { StockRules } from "./stock-rules.ts";

/** `If-Match: "7"` (or 7): the quantity a caller computed its new total from. */
function quantityFromIfMatch(header: string | undefined): number | undefined {
  const match = header?.match(/^(?:W\/)?"?(\d+)"?$/);
  return match ? Number(match[1]) : undefined;
}

interface BikesRoutesOptions {
  stock: StockRules;
  authentication: Authentication;
  publicUrl: string;
}

export async function bikesRoutes(
  app: FastifyInstance,
  { stock, authentication, publicUrl }: BikesRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** PUT (every detail) and PATCH (those sent) save the same way: If-Match, then the new tag. */
  const editDetails = async (
    request: FastifyRequest<{
      Params: { id: string };
      Body: BikeDetailsPatch;
      Headers: { "if-match"?: string };
    }>,
    reply: FastifyReply,
  ) => {
    const details = orHttpError(
      await stock.editDetails(
        request.params.id,
        request.body,
        request.headers["if-match"],
        signedInUser(request),
      ),
    );
    return reply.header("etag", `"${details.tag}"`).send(details);
  };
  const photoAsStored = ownPhotoUrlsAsPaths(publicUrl);
  const signedIn = { onRequest: authentication.requireUser };
  // Stock changes are for staff (docs/decisions/014); under ACCESS_POLICY=open that is everyone.
  const staff = { onRequest: authentication.requireStaff };

  routes.get(
    "/bikes",
    {
      config: { readCache: { tables: ["bike", "bike_stock", "place"] }, ledgerPosition: true },
      schema: {
        tags: ["bikes"],
        summary: "Every bike in stock, oldest first",
        response: { 200: bikeListSchema },
      },
    },
    async () => stock.list(),
  );

  routes.get(
    "/bikes/:id",
    {
      config: { readCache: { tables: ["bike", "bike_stock", "place"] }, ledgerPosition: true },
      schema: {
        tags: ["bikes"],
        summary: "One bike",
        params: bikeIdParams,
        response: { 200: bikeSchema, ...errors(404) },
      },
    },
    async (request) => orHttpError(await stock.find(request.params.id)),
  );

  routes.post(
    "/bikes",
    {
      ...signedIn,
      preValidation: photoAsStored,
      preHandler: limitBikeAdds,
      schema: {
        tags: ["bikes"],
        summary: "Add a bike owned by the signed-in user",
        body: newBikeSchema,
        response: { 201: insertedSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const added = orHttpError(await stock.add(request.body, signedInUser(request), "bikes"));
      return reply.code(201).send({ acknowledged: true, insertedId: added.id });
    },
  );

  routes.post(
    "/bikes/:id/deliveries",
    {
      ...staff,
      schema: {
        tags: ["stock"],
        summary:
          "Deliver one unit, or `amount` units as one ledger entry, from `placeId` (by default your home place, else the main warehouse); atomic, 409 when that place holds fewer, saying where there are some",
        params: bikeIdParams,
        body: deliveryRequestSchema,
        response: { 200: bikeSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      orHttpError(
        await stock.deliver(request.params.id, signedInUser(request), request.body ?? {}),
      ),
  );

  routes.post(
    "/bikes/:id/imports",
    {
      ...staff,
      schema: {
        tags: ["stock"],
        summary:
          "Import (restock) a whole number of units at `placeId` (by default your home place, else the main warehouse); atomic, 0 changes nothing",
        params: bikeIdParams,
        body: importRequestSchema,
        response: { 200: bikeSchema, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      orHttpError(
        await stock.importUnits(
          request.params.id,
          request.body.amount,
          signedInUser(request),
          request.body,
        ),
      ),
  );

  routes.patch(
    "/bikes/:id",
    {
      ...staff,
      schema: {
        tags: ["stock"],
        summary:
          "Delivered, as the original client sends it: accepted only when updatedQuantity is the stored quantity minus one",
        params: bikeIdParams,
        body: deliveredQuantitySchema,
        response: { 200: bikeSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      orHttpError(
        await stock.deliverFrom(
          request.params.id,
          request.body.updatedQuantity,
          signedInUser(request),
        ),
      ),
  );

  routes.put(
    "/bikes/:id",
    {
      ...staff,
      schema: {
        tags: ["stock"],
        summary:
          "Import, as the original client sends it: the new total, applied only if the stock is still previousQuantity (or If-Match)",
        params: bikeIdParams,
        body: newTotalSchema,
        response: { 200: bikeSchema, ...errors(400, 401, 403, 404, 409, 428) },
      },
    },
    async (request) =>
      orHttpError(
        await stock.setTotal(
          request.params.id,
          request.body.newNumber,
          request.body.previousQuantity ?? quantityFromIfMatch(request.headers["if-match"]),
          signedInUser(request),
        ),
      ),
  );

  routes.delete(
    "/bikes/:id",
    {
      ...signedIn,
      schema: {
        tags: ["bikes"],
        summary: "Delete a bike (warehouse stock, or one of your own)",
        params: bikeIdParams,
        response: { 200: deletedSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => ({
      acknowledged: true,
      ...orHttpError(await stock.remove(request.params.id, signedInUser(request), "bikes")),
    }),
  );

  routes.get(
    "/bikes/:id/details",
    {
      ...signedIn,
      preValidation: photoAsStored,
      schema: {
        tags: ["bikes"],
        summary: "A bike's editable details with their tag (staff, or the bike's owner)",
        params: bikeIdParams,
        response: { 200: bikeDetailsSchema, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const details = orHttpError(await stock.details(request.params.id, signedInUser(request)));
      return reply.header("etag", `"${details.tag}"`).send(details);
    },
  );

  routes.put(
    "/bikes/:id/details",
    {
      ...signedIn,
      preValidation: photoAsStored,
      schema: {
        tags: ["bikes"],
        summary:
          "Edit a bike's details (not its quantity); If-Match must name the tag they were loaded with",
        params: bikeIdParams,
        body: bikeDetailsInputSchema,
        response: { 200: bikeDetailsSchema, ...errors(400, 401, 403, 404, 412, 428) },
      },
    },
    editDetails,
  );

  routes.patch(
    "/bikes/:id/details",
    {
      ...signedIn,
      preValidation: photoAsStored,
      schema: {
        tags: ["bikes"],
        summary:
          "Change only the details sent (the edit form after merging a colleague's edit); If-Match must name the tag of the details stored now",
        params: bikeIdParams,
        body: bikeDetailsPatchSchema,
        response: { 200: bikeDetailsSchema, ...errors(400, 401, 403, 404, 412, 428) },
      },
    },
    editDetails,
  );

  routes.get(
    "/bikes/:id/movements",
    {
      ...signedIn,
      config: { ledgerPosition: true },
      schema: {
        tags: ["stock"],
        summary: "The bike's stock ledger, newest first (staff, or the bike's owner)",
        params: bikeIdParams,
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(10) }),
        response: { 200: stockMovementListSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      orHttpError(
        await stock.movements(request.params.id, request.query.limit, signedInUser(request)),
      ),
  );
}
