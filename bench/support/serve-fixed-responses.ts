/**
 * Child process: the baseline. A bare Fastify server, no plugins, whose routes answer with bytes
 * held in memory (the app's headers and body), picked by the request's URL (path and query). Whatever the app spends beyond
 * this is its own work (database, validation, serialization, hooks).
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import type { FixedResponse } from "../lib/fixed-baseline.ts";
import { serveUntilParentGoes } from "./child-lifecycle.ts";

const routesFile = process.env.BENCH_FIXED_RESPONSES_FILE;
if (!routesFile) throw new Error("BENCH_FIXED_RESPONSES_FILE is not set");
const responses = JSON.parse(readFileSync(routesFile, "utf8")) as FixedResponse[];

const byUrl = new Map(
  responses.map(({ url, headers, bodyBase64 }) => [
    url,
    { headers, body: Buffer.from(bodyBase64, "base64") },
  ]),
);
const app = Fastify({ logger: false });
for (const route of new Set(responses.map((response) => response.route))) {
  app.get(route, (request, reply) => {
    const fixed = byUrl.get(request.url);
    if (!fixed) return reply.code(404).send();
    return reply.headers(fixed.headers).send(fixed.body);
  });
}
await serveUntilParentGoes(app);
