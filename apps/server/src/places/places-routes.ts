import {
  placeListQuerySchema,
  placeListSchema,
  PLACES_PATH,
} from "@ultimate-bikes/contract/places";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { PlacesRepository } from "./places-repository.ts";

/** The warehouse and the showrooms (issue 23): public to read, as the stock is. */
export async function placesRoutes(app: FastifyInstance, { places }: { places: PlacesRepository }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    PLACES_PATH,
    {
      schema: {
        tags: ["places"],
        summary:
          "The places: the main warehouse first, then by name, each with its units in stock (archived=include: archived ones too)",
        querystring: placeListQuerySchema,
        response: { 200: placeListSchema },
      },
    },
    async (request) => places.list({ archived: request.query.archived === "include" }),
  );
}
