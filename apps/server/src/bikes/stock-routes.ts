import {
  stockPageSchema,
  stockQuerySchema,
  supplierListSchema,
} from "@ultimate-bikes/contract/stock";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { signedInUser, type Authentication } from "../auth/authentication.ts";
import { errorResponses as errors } from "../plugins/errors.ts";
import { orHttpError } from "./stock-http.ts";
import type { StockRules } from "./stock-rules.ts";

/**
 * Finding bikes at warehouse scale (docs/decisions/009). `GET /bikes` keeps answering the whole
 * list for the original client.
 */
export async function stockRoutes(
  app: FastifyInstance,
  { stock, authentication }: { stock: StockRules; authentication: Authentication },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/stock",
    {
      config: { readCache: { tables: ["bike", "bike_stock"] }, ledgerPosition: true },
      schema: {
        tags: ["stock"],
        summary:
          "Search, filter and sort the stock, a page at a time (owner=me: your own bikes, signed in; units=include: also units by chassis or engine number, staff)",
        querystring: stockQuerySchema,
        response: { 200: stockPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      // Units are the business's own record (docs/decisions/033). A caller identified here is
      // never answered from, nor kept in, the read cache (plugins/read-cache.ts).
      if (request.query.units !== undefined) await authentication.requireStaff(request);
      // Public, except for "my bikes", which needs to know who "me" is: 401 when signed out.
      let ownerId: string | undefined;
      if (request.query.owner === "me") {
        await authentication.requireUser(request);
        ownerId = signedInUser(request).id;
      }
      return orHttpError(await stock.search(request.query, ownerId));
    },
  );

  routes.get(
    "/suppliers",
    {
      config: { readCache: { tables: ["bike"] }, ledgerPosition: true },
      schema: {
        tags: ["stock"],
        summary: "Every supplier with how many bikes it supplies, by name",
        response: { 200: supplierListSchema },
      },
    },
    async () => stock.suppliers(),
  );
}
