import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import { NO_SUCH_BIKE } from "@ultimate-bikes/contract/bikes";
import {
  formatStockNumber,
  stockNumberChangeSchema,
  stockNumberSchema,
} from "@ultimate-bikes/contract/stock-number";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { errorResponses as errors, HttpError } from "../plugins/errors.ts";
import { bikeIdParams } from "./stock-http.ts";
import type { StockNumbers } from "./stock-number-repository.ts";

/** No bike has that stock number: the same 404 as an unknown id. */
const noSuchBike = () => new HttpError(404, NO_SUCH_BIKE);

/**
 * Stock numbers (issue 21): finding a bike by its number (Scan's typed fallback), and staff
 * giving a bike another number, which must be nobody else's.
 */
export async function stockNumberRoutes(
  app: FastifyInstance,
  { stockNumbers, authentication }: { stockNumbers: StockNumbers; authentication: Authentication },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/bikes/by-stock-number/:stockNumber",
    {
      config: { readCache: { tables: ["bike", "bike_stock", "place"] }, ledgerPosition: true },
      schema: {
        tags: ["bikes"],
        summary:
          "The bike with this stock number (UB-00042; any case, any zero padding); 404 when none has it",
        params: z.object({ stockNumber: z.string() }),
        response: { 200: bikeSchema, ...errors(404) },
      },
    },
    async (request) => {
      // A malformed number names no bike: 404, as a malformed id does (docs/decisions/003).
      const number = stockNumberSchema.safeParse(request.params.stockNumber);
      const bike = number.success ? await stockNumbers.find(number.data) : undefined;
      if (!bike) throw noSuchBike();
      return bike;
    },
  );

  routes.put(
    "/bikes/:id/stock-number",
    {
      onRequest: authentication.requireStaff,
      schema: {
        tags: ["bikes"],
        summary:
          "Give the bike another stock number (staff). 409 when another bike, in stock or recently deleted, has it; recorded in the ledger as an edit",
        params: bikeIdParams,
        body: stockNumberChangeSchema,
        response: { 200: bikeSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const number = request.body.stockNumber;
      const change = await stockNumbers.change(request.params.id, number, signedInUser(request));
      if (!change) throw noSuchBike();
      if ("bike" in change) return change.bike;
      const where = change.takenBy === "bike" ? "another bike" : "a recently deleted bike";
      const message = `${formatStockNumber(number)} is already the stock number of ${where}`;
      throw new HttpError(409, `stockNumber: ${message}`, {
        fields: [{ field: "body.stockNumber", message }],
      });
    },
  );
}
