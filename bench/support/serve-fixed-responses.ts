/**
 * Child process: the baseline. A bare Fastify server, no plugins, whose routes answer with bytes
 * held in memory. Whatever the app spends beyond this is its own work (database, validation,
 * serialization, hooks).
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import { announceListening, closeWithParent, listeningPort } from "./child-lifecycle.ts";
import { readFixedResponses } from "./fixed-responses.ts";

const routesFile = process.env.BENCH_FIXED_RESPONSES_FILE;
if (!routesFile) throw new Error("BENCH_FIXED_RESPONSES_FILE is not set");

const app = Fastify({ logger: false });
for (const { route, contentType, body } of readFixedResponses(readFileSync(routesFile, "utf8"))) {
  app.get(route, (_request, reply) => reply.type(contentType).send(body));
}
closeWithParent(() => app.close());
await app.listen({ host: "127.0.0.1", port: 0 });
announceListening(listeningPort(app.server.address()));
