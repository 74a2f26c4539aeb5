/**
 * Child process: the baseline. A bare Fastify server, no plugins, whose routes answer with bytes
 * held in memory. Whatever the app spends beyond this is its own work (database, validation,
 * serialization, hooks).
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import type { FixedResponse } from "../lib/read-api-bench.ts";
import { serveUntilParentGoes } from "./child-lifecycle.ts";

const routesFile = process.env.BENCH_FIXED_RESPONSES_FILE;
if (!routesFile) throw new Error("BENCH_FIXED_RESPONSES_FILE is not set");
const responses = JSON.parse(readFileSync(routesFile, "utf8")) as FixedResponse[];

const app = Fastify({ logger: false });
for (const { route, contentType, bodyBase64 } of responses) {
  const body = Buffer.from(bodyBase64, "base64");
  app.get(route, (_request, reply) => reply.type(contentType).send(body));
}
await serveUntilParentGoes(app);
