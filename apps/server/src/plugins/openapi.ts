import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { LEDGER_POSITION_HEADER } from "@ultimate-bikes/contract/ledger-position";

const LEDGER_POSITION_DOC = {
  [LEDGER_POSITION_HEADER]: {
    type: "integer",
    description:
      "The id of a ledger movement this answer's data reflects, with every one before it. Open GET /api/stock/events with it as lastEventId to be replayed whatever the data may lack. Left out of a 304.",
  },
};

/** The route schemas as OpenAPI, with the Ledger-Position header on the reads that send it. */
const transform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  if (!input.route.config?.ledgerPosition) return output;
  const responses = output.schema.response as Record<string, object> | undefined;
  if (!responses?.["200"]) return output;
  const response = { ...responses, 200: { ...responses["200"], headers: LEDGER_POSITION_DOC } };
  return { ...output, schema: { ...output.schema, response } };
};

/** OpenAPI generated from the route schemas, browsable at /api/docs. Register before routes. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Ultimate Bikes API",
        description: "Stock of the Ultimate Bikes motorbike warehouse.",
        version: "1.0.0",
      },
    },
    transform,
  });
  // Swagger UI ships its assets in the package: the docs work offline too. Its bundle adds
  // <style> elements as it renders, so its pages (and only they) allow inline styles; scripts
  // stay 'self' only (docs/decisions/013).
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    transformStaticCSP: (header) =>
      header.replace(/(^|;)\s*style-src [^;]*/, "$1style-src 'self' 'unsafe-inline'"),
  });
});
