import { NO_SUCH_BIKE } from "@ultimate-bikes/contract/bikes";
import {
  bikeHoldRequestSchema,
  holdExpiryProblem,
  holdExtendRequestSchema,
  holdIdParams,
  holdRecordListSchema,
  holdRecordSchema,
  NO_SUCH_HOLD,
  unitHoldRequestSchema,
} from "@ultimate-bikes/contract/holds";
import { NO_SUCH_UNIT, unitIdParams, unitSchema } from "@ultimate-bikes/contract/units";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { bikeIdParams, orHttpError } from "../bikes/stock-http.ts";
import type { StockRules } from "../bikes/stock-rules.ts";
import { errorResponses as errors, HttpError, notFound } from "../plugins/errors.ts";
import { unitRefusalAnswer } from "../units/unit-refusals.ts";
import type { UnitsRepository } from "../units/units-repository.ts";
import type { HoldActor, HoldsRepository, HoldWrite } from "./holds-repository.ts";

/**
 * Holds (issue 24, section 3): staff keep a unit, or n units of an untracked model at a place,
 * for a customer. Only the hold's maker or an admin may release or extend it; anyone else gets a
 * 409 naming who holds it and until when. Staff only, as every unit route.
 */
export async function holdsRoutes(
  app: FastifyInstance,
  {
    holds,
    units,
    stock,
    authentication,
    clock,
  }: {
    holds: HoldsRepository;
    units: UnitsRepository;
    stock: StockRules;
    authentication: Authentication;
    clock: () => Date;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const staff = { onRequest: authentication.requireStaff };

  const actorOf = (request: FastifyRequest): HoldActor => {
    const { id, email, role } = signedInUser(request);
    return { id, email, admin: role === "admin" };
  };

  /** A 400 naming body.expiresAt when it is past or too far ahead by the server's clock. */
  function checkExpiry(expiresAt: string) {
    const problem = holdExpiryProblem(expiresAt, clock());
    if (!problem) return;
    const field = { field: "body.expiresAt", message: problem };
    throw new HttpError(400, `${field.field}: ${field.message}`, { fields: [field] });
  }

  /** The hold a write acted on, or its refusal (or 404) as an HTTP error. */
  function holdOf(write: HoldWrite, missing: string): string {
    if (!write) throw notFound(missing);
    if ("refusal" in write) {
      const { status, message } = unitRefusalAnswer(write.refusal);
      throw new HttpError(status, message);
    }
    return write.holdId;
  }

  async function unitAnswer(unitId: string) {
    const unit = await units.find(unitId);
    if (!unit) throw notFound(NO_SUCH_UNIT);
    return unit;
  }

  async function holdAnswer(holdId: string) {
    const hold = await holds.find(holdId);
    if (!hold) throw notFound(NO_SUCH_HOLD);
    return hold;
  }

  const unitWrite = { 200: unitSchema, ...errors(400, 401, 403, 404, 409) };
  const holdWrite = { 200: holdRecordSchema, ...errors(400, 401, 403, 404, 409) };

  routes.post(
    "/units/:id/hold",
    {
      ...staff,
      schema: {
        tags: ["holds"],
        summary:
          "Hold a unit in stock for a customer until a date; a unit held already is a 409 naming who holds it and until when",
        params: unitIdParams,
        body: unitHoldRequestSchema,
        response: unitWrite,
      },
    },
    async (request) => {
      checkExpiry(request.body.expiresAt);
      const write = await holds.holdUnit(request.params.id, request.body, actorOf(request));
      holdOf(write, NO_SUCH_UNIT);
      return unitAnswer(request.params.id);
    },
  );

  routes.post(
    "/units/:id/release",
    {
      ...staff,
      schema: {
        tags: ["holds"],
        summary: "Release a unit's hold: only its maker or an admin",
        params: unitIdParams,
        response: unitWrite,
      },
    },
    async (request) => {
      holdOf(await holds.releaseUnit(request.params.id, actorOf(request)), NO_SUCH_UNIT);
      return unitAnswer(request.params.id);
    },
  );

  routes.post(
    "/units/:id/hold/extend",
    {
      ...staff,
      schema: {
        tags: ["holds"],
        summary: "Move a unit's hold's expiry: only its maker or an admin",
        params: unitIdParams,
        body: holdExtendRequestSchema,
        response: unitWrite,
      },
    },
    async (request) => {
      checkExpiry(request.body.expiresAt);
      const write = await holds.extendUnit(
        request.params.id,
        request.body.expiresAt,
        actorOf(request),
      );
      holdOf(write, NO_SUCH_UNIT);
      return unitAnswer(request.params.id);
    },
  );

  routes.post(
    "/bikes/:id/holds",
    {
      ...staff,
      schema: {
        tags: ["holds"],
        summary:
          "Hold n units of a model not tracked by unit at a place (by default the caller's home place, else the main warehouse)",
        params: bikeIdParams,
        body: bikeHoldRequestSchema,
        response: { ...holdWrite, 201: holdRecordSchema },
      },
    },
    async (request, reply) => {
      const { placeId: named, units: count, ...hold } = request.body;
      checkExpiry(hold.expiresAt);
      const actor = actorOf(request);
      const place = await stock.placeFor(actor, named);
      if ("status" in place) return orHttpError(place);
      const write = await holds.holdUnits(request.params.id, place.placeId, count, hold, actor);
      const holdId = holdOf(write, NO_SUCH_BIKE);
      return reply.status(201).send(await holdAnswer(holdId));
    },
  );

  routes.get(
    "/bikes/:id/holds",
    {
      ...staff,
      schema: {
        tags: ["holds"],
        summary: "A model's open holds at every place, with who made them; soonest to expire first",
        params: bikeIdParams,
        response: { 200: holdRecordListSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      orHttpError(await stock.find(request.params.id));
      return holds.openOf(request.params.id);
    },
  );

  routes.post(
    "/holds/:id/release",
    {
      ...staff,
      schema: {
        tags: ["holds"],
        summary: "Release a hold (of a unit or of n units): only its maker or an admin",
        params: holdIdParams,
        response: holdWrite,
      },
    },
    async (request) => {
      const write = await holds.release(request.params.id, actorOf(request));
      return holdAnswer(holdOf(write, NO_SUCH_HOLD));
    },
  );

  routes.post(
    "/holds/:id/extend",
    {
      ...staff,
      schema: {
        tags: ["holds"],
        summary: "Move a hold's expiry: only its maker or an admin",
        params: holdIdParams,
        body: holdExtendRequestSchema,
        response: holdWrite,
      },
    },
    async (request) => {
      checkExpiry(request.body.expiresAt);
      const write = await holds.extend(request.params.id, request.body.expiresAt, actorOf(request));
      return holdAnswer(holdOf(write, NO_SUCH_HOLD));
    },
  );
}
