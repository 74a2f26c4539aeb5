import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import { unitPageSchema } from "@ultimate-bikes/contract/unit-history";
import {
  bikeUnitsQuerySchema,
  checkDigitWarning,
  NO_SUCH_UNIT,
  trackingSchema,
  uncheckedChassis,
  unitIdParams,
  unitListResponseSchema,
  unitLookupQuerySchema,
} from "@ultimate-bikes/contract/units";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { bikeIdParams, orHttpError } from "../bikes/stock-http.ts";
import type { StockRules } from "../bikes/stock-rules.ts";
import { errorResponses as errors, HttpError, notFound } from "../plugins/errors.ts";
import { unitRefusalAnswer } from "./unit-refusals.ts";
import type { UnitsRepository } from "./units-repository.ts";

/**
 * Units by chassis and engine number (issue 24, docs/decisions/033): who has which motorbike is
 * the business's own record, so staff only, to read as to write.
 */
export async function unitsRoutes(
  app: FastifyInstance,
  {
    units,
    stock,
    authentication,
  }: { units: UnitsRepository; stock: StockRules; authentication: Authentication },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staff = { onRequest: authentication.requireStaff };

  routes.get(
    "/bikes/:id/units",
    {
      ...staff,
      schema: {
        tags: ["units"],
        summary: "A model's units, oldest arrival first: at a place, in a status, or all",
        params: bikeIdParams,
        querystring: bikeUnitsQuerySchema,
        response: { 200: unitListResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      orHttpError(await stock.find(request.params.id));
      return units.ofBike(request.params.id, {
        placeId: request.query.place,
        status: request.query.status,
      });
    },
  );

  routes.get(
    "/units",
    {
      ...staff,
      schema: {
        tags: ["units"],
        summary:
          "Units by a whole chassis or engine number, or q: either, whole or its last 6 characters or more",
        querystring: unitLookupQuerySchema,
        response: { 200: unitListResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) =>
      units.lookup({
        chassis: request.query.chassis,
        engine: request.query.engine,
        tail: request.query.q,
      }),
  );

  routes.get(
    "/units/:id",
    {
      ...staff,
      schema: {
        tags: ["units"],
        summary: "A unit: where it is, its status and hold, and its whole history from the ledger",
        params: unitIdParams,
        response: { 200: unitPageSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const unit = await units.find(request.params.id);
      if (!unit) throw notFound(NO_SUCH_UNIT);
      return { unit, history: await units.history(unit.id) };
    },
  );

  routes.put(
    "/bikes/:id/tracking",
    {
      ...staff,
      schema: {
        tags: ["units"],
        summary:
          "Track a model by unit, listing every current unit at its place (all or nothing), or stop (its units keep their history)",
        params: bikeIdParams,
        body: trackingSchema,
        response: { 200: bikeSchema, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const change = request.body;
      if (change.tracksUnits && !change.checkDigitsConfirmed) {
        const unchecked = uncheckedChassis(change.units);
        if (unchecked.length > 0) throw new HttpError(422, checkDigitWarning(unchecked));
      }
      const result = await units.setTracking(request.params.id, change, signedInUser(request));
      if (result && "refusal" in result) {
        const { status, message } = unitRefusalAnswer(result.refusal);
        throw new HttpError(status, message);
      }
      return orHttpError(await stock.find(request.params.id));
    },
  );
}
