/**
 * Child process: the baseline. A bare Fastify server, no plugins, whose routes answer with bytes
 * held in memory (the app's headers and body), picked by the request's URL (path and query).
 * Whatever the app spends beyond this is its own work (database, validation, serialization, hooks).
 *
 * With BENCH_BASELINE_DATABASE_URL (PostgreSQL) each answer also waits for one trivial query that
 * all the requests of its event-loop turn share: the least a read must pay to be fresh across
 * servers, which is what the app pays on PostgreSQL (docs/decisions/025).
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import pg from "pg";
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
const databaseUrl = process.env.BENCH_BASELINE_DATABASE_URL;
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl }) : undefined;

/**
 * A query started after the caller arrived, shared as the app shares its version query
 * (apps/server/src/db/stock-version.ts): at most one running, and every caller arriving meanwhile
 * waits for the one next after it.
 */
let running: Promise<unknown> | undefined;
let next: Promise<unknown> | undefined;
function freshQuery(db: pg.Pool): Promise<unknown> {
  const start = () => {
    const started: Promise<unknown> = db.query("select 1").finally(() => {
      if (running === started) running = undefined;
    });
    running = started;
    return started;
  };
  if (!running) return start();
  next ??= running.then(() => {
    next = undefined;
    return start();
  });
  return next;
}

/** The requests of this event-loop turn, which share one query once they have all arrived. */
let waiting: (() => void)[] = [];
function afterSharedQuery(then: () => void) {
  if (!pool) return then();
  if (waiting.length === 0) {
    setImmediate(() => {
      const batch = waiting;
      waiting = [];
      void freshQuery(pool).then(() => batch.forEach((answer) => answer()));
    });
  }
  waiting.push(then);
}

const app = Fastify({ logger: false });
for (const route of new Set(responses.map((response) => response.route))) {
  app.get(route, (request, reply) => {
    const fixed = byUrl.get(request.url);
    if (!fixed) return reply.code(404).send();
    afterSharedQuery(() => void reply.headers(fixed.headers).send(fixed.body));
    return reply;
  });
}
app.addHook("onClose", async () => pool?.end());
await serveUntilParentGoes(app);
