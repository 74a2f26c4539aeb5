import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

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
    transform: jsonSchemaTransform,
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
