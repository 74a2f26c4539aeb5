import { bikeIdSchema, bikeListSchema, bikeSchema } from "@ultimate-bikes/contract/bikes";
import { apiErrorSchema } from "@ultimate-bikes/contract/errors";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../plugins/errors.ts";
import type { BikeRepository } from "./bikes-repository.ts";

const bikeParams = z.object({ id: z.string().max(200) });

const isBikeId = (id: string) => bikeIdSchema.safeParse(id).success;

export async function bikesRoutes(app: FastifyInstance, { bikes }: { bikes: BikeRepository }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

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
        response: { 200: bikeSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      // A malformed id names no bike, so it is a 404 like an unknown one.
      const bike = isBikeId(request.params.id)
        ? await bikes.findById(request.params.id)
        : undefined;
      if (!bike) throw notFound("No bike with that id");
      return bike;
    },
  );
}
