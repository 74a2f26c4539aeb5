import {
  HOME_PLACE_PATH,
  homePlaceRequestSchema,
  homePlaceSchema,
  newPlaceSchema,
  NO_SUCH_PLACE,
  placeIdParams,
  placeListQuerySchema,
  placeListSchema,
  placePatchSchema,
  placeSchema,
  PLACES_PATH,
} from "@ultimate-bikes/contract/places";
import { canManagePlaces } from "@ultimate-bikes/contract/roles";
import { formatTransferNumber, TRANSFER_STATUS_LABELS } from "@ultimate-bikes/contract/transfers";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { errorResponses as errors, HttpError } from "../plugins/errors.ts";
import type { PlaceOutcome, PlaceRefusal, PlacesRepository } from "./places-repository.ts";

const units = (count: number) => `${count} ${count === 1 ? "unit" : "units"}`;

/** Each refusal as the 404 or 409 a person reads. */
function refusalError(refusal: PlaceRefusal): HttpError {
  switch (refusal.reason) {
    case "not-found":
      return new HttpError(404, NO_SUCH_PLACE);
    case "name-taken":
      return new HttpError(409, `There is already a place named "${refusal.name}".`, {
        fields: [{ field: "body.name", message: "is taken by another place" }],
      });
    case "main-warehouse":
      return new HttpError(409, "The main warehouse is the default place: it cannot be archived.");
    case "holds-stock":
      return new HttpError(
        409,
        `${refusal.name} still holds ${units(refusal.units)}. Move or deliver them before archiving it.`,
      );
    case "open-transfers": {
      const list = refusal.transfers
        .map(
          ({ number, status }) =>
            `${formatTransferNumber(number)} (${TRANSFER_STATUS_LABELS[status]})`,
        )
        .join(", ");
      return new HttpError(
        409,
        `${refusal.name} has transfers still open: ${list}. Receive or cancel them before archiving it.`,
      );
    }
    case "archived":
      return new HttpError(
        409,
        `${refusal.name} is archived: pick an open place, or ask an admin to bring it back.`,
      );
  }
}

function orHttpError<T>(outcome: PlaceOutcome<T>): T {
  if (outcome.status === "done") return outcome.value;
  throw refusalError(outcome);
}

interface PlacesRoutesOptions {
  places: PlacesRepository;
  authentication: Authentication;
}

/**
 * The warehouse and the showrooms (issue 23): public to read, as the stock is; admins add, change
 * and archive them (never delete: their history names them); anyone signed in picks a home place.
 */
export async function placesRoutes(
  app: FastifyInstance,
  { places, authentication }: PlacesRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["places"];

  async function requirePlaceManager(request: FastifyRequest) {
    await authentication.requireUser(request);
    if (!canManagePlaces(signedInUser(request).role)) {
      throw new HttpError(403, "Only an admin can manage places.");
    }
  }

  routes.get(
    PLACES_PATH,
    {
      schema: {
        tags,
        summary:
          "The places: the main warehouse first, then by name, each with its units in stock (archived=include: archived ones too)",
        querystring: placeListQuerySchema,
        response: { 200: placeListSchema },
      },
    },
    async (request) => places.list({ archived: request.query.archived === "include" }),
  );

  routes.post(
    PLACES_PATH,
    {
      onRequest: requirePlaceManager,
      schema: {
        tags,
        summary: "Add a place (admins): its name must be free, whatever its case",
        body: newPlaceSchema,
        response: { 201: placeSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(orHttpError(await places.create(request.body))),
  );

  routes.patch(
    `${PLACES_PATH}/:id`,
    {
      onRequest: requirePlaceManager,
      schema: {
        tags,
        summary:
          "Change a place (admins): name, kind, city, address; archived true archives it (not the main warehouse, nor a place with stock or open transfers), false brings it back",
        params: placeIdParams,
        body: placePatchSchema,
        response: { 200: placeSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => orHttpError(await places.update(request.params.id, request.body)),
  );

  routes.put(
    HOME_PLACE_PATH,
    {
      onRequest: authentication.requireUser,
      schema: {
        tags,
        summary:
          "Set the caller's home place, the default of their stock actions (an open place), or clear it with null",
        body: homePlaceRequestSchema,
        response: { 200: homePlaceSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => ({
      homePlaceId: orHttpError(
        await places.setHomePlace(signedInUser(request).id, request.body.placeId),
      ),
    }),
  );
}
