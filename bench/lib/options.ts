import path from "node:path";
import { parseArgs } from "node:util";
import { repoRoot } from "../support/paths.ts";

/** A problem with how the benchmark was started (options, missing build): no stack trace needed. */
export class SetupError extends Error {
  override name = "SetupError";
}

const COMMANDS = [
  "all",
  "read-api",
  "deliveries",
  "bundle",
  "soak",
  "cold-start",
  "scale",
  "live-stock",
  "streams",
  "lighthouse",
  "csv-import",
  "transfers",
  "instances",
  "units",
] as const;
export type Command = (typeof COMMANDS)[number];

export type DatabaseTarget = { kind: "sqlite" } | { kind: "postgres"; adminUrl: string };

export interface BenchOptions {
  command: Command;
  databases: DatabaseTarget[];
  connections: number;
  rounds: number;
  warmupSeconds: number;
  durationSeconds: number;
  deliveries: number;
  requests: number;
  gcIntervalMs: number;
  webDistDir: string;
  bikes: number;
  /** units: the units of tracked models seeded among the bikes. */
  units: number;
  pageLoads: number;
  subscribers: number;
  writes: number;
  /** lighthouse: where to keep each run's whole report, if anywhere. */
  reportDir?: string;
}

export const usage = `npx node bench/cli.ts COMMAND [options]

Commands:
  all          the bundle, then read-api and deliveries (what \`npm run bench\` runs)
  read-api     the read API against a bare Fastify server sending the same bytes
  deliveries   deliveries against reads of the same bikes, then a drain
  bundle       what the home page loads, against React and Bootstrap (after \`npm run build\`)
  soak         the runtime soak: mixed requests with garbage collection forced in the server
  cold-start   the server's start on Node's type stripping against tsx
  scale        reads at 100,000 bikes against a bare Fastify server sending the same bytes,
               searches as typed, and Inventory's first page in Chromium (after \`npm run build\`)
  live-stock   live stock events (GET /api/stock/events): the delay from a write to each of
               1,000 subscribers, and the most events per second before one is dropped or falls
               behind, against a bare node:http fan-out; on PostgreSQL across two app instances
  streams      deliveries with 2,000 idle live stock streams open (20 from each of 100 loopback
               addresses) against deliveries with none open, on one server
  lighthouse   Lighthouse (mobile, simulated throttling) on Home, Inventory, Login and a bike's
               page against the build \`npm start\` serves (after \`npm run build\`), with
               Home's JavaScript before interaction
  csv-import   on SQLite, three 20,000-row CSV imports, each beside closed loops of reads of
               single bikes and of deliveries, against the same loops with no import; the
               server's memory before, after the imports, after idling and after a full GC
  transfers    one request at a time: the send of a 20-line transfer against the delivery of
               one unit, rounds alternating, on each database
  instances    the production layout (nginx over https, PostgreSQL): reads through two app
               instances against the same through one, rounds alternating; a cluster of its
               own unless BENCH_DATABASE_URL is set
  units        at 100,000 models with 1,000,000 units: finding a unit by its chassis number
               (whole, last 6), searches as typed, and a named unit's delivery against an
               untracked model's, one request at a time, rounds alternating

Options:
  --database sqlite|postgres  read-api, deliveries, scale, live-stock, streams, transfers, units:
                              repeatable;
                              default sqlite, and postgres too when BENCH_DATABASE_URL is set
  --connections N             concurrent connections (default 10)
  --rounds N                  alternating rounds (default 4; instances: 2; cold-start: starts
                              per launcher, 15; lighthouse: runs per page, 3)
  --warmup SECONDS            read-api, scale, instances: unmeasured load per server and
                              endpoint (default 2)
  --duration SECONDS          read-api, scale, instances: measured load per server and endpoint
                              (default 10; instances: 5);
                              live-stock: each step of the event-rate ramp (default 3)
  --deliveries N              deliveries: requests per side and scenario, after one round's
                              worth of warm-up (default 10000); streams: per side (default 2000);
                              units: timed deliveries per side (default 200)
  --requests N                soak: requests in all (default 200000); transfers: timed
                              requests per side (default 200); units: timed lookups of each
                              kind (default 1000)
  --gc-interval-ms N          soak: milliseconds between forced collections (default 100)
  --web-dist DIR              bundle: the built web app (default apps/web/dist)
  --bikes N                   scale: the stock the reads, searches and page loads run on
                              (default 100000; the whole list always runs on 1,000);
                              units: the models (default 100000)
  --units N                   units: the units of tracked models among them (default 1000000)
  --page-loads N              scale: timed loads of Inventory in Chromium (default 5)
  --subscribers N             live-stock: open event streams per server (default 1000);
                              streams: idle streams, 20 per address (default 2000)
  --writes N                  live-stock: paced writes timed to every subscriber, after a tenth
                              as many of warm-up (default 300)
  --report-dir DIR            lighthouse: also write each run's whole Lighthouse report (JSON)
                              there, to see what a score is made of

Environment:
  BENCH_DATABASE_URL          postgres:// URL of a user allowed to create databases; each run
                              creates a fresh database there and drops it afterwards`;

/** Every command's options in one place, each checked once. */
export function parseOptions(args: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const { values, positionals } = parseOrExplain(args);
  const [command, ...extra] = positionals;
  if (!COMMANDS.includes(command as Command) || extra.length > 0) {
    throw new SetupError(`Name one command (${COMMANDS.join(", ")}).\n\n${usage}`);
  }
  const whole = (name: keyof typeof values, fallback: number) =>
    positive(name, values[name], fallback, Number.isInteger);
  return {
    command: command as Command,
    databases: databaseTargets(values.database ?? [], env.BENCH_DATABASE_URL),
    connections: whole("connections", 10),
    rounds: whole(
      "rounds",
      command === "cold-start"
        ? 15
        : command === "lighthouse"
          ? 3
          : command === "instances"
            ? 2
            : 4,
    ),
    warmupSeconds: positive("warmup", values.warmup, 2, Number.isFinite),
    durationSeconds: positive(
      "duration",
      values.duration,
      command === "live-stock" ? 3 : command === "instances" ? 5 : 10,
      Number.isFinite,
    ),
    deliveries: whole(
      "deliveries",
      command === "streams" ? 2_000 : command === "units" ? 200 : 10_000,
    ),
    requests: whole(
      "requests",
      command === "transfers" ? 200 : command === "units" ? 1_000 : 200_000,
    ),
    gcIntervalMs: whole("gc-interval-ms", 100),
    webDistDir: path.resolve(values["web-dist"] ?? path.join(repoRoot, "apps/web/dist")),
    bikes: whole("bikes", 100_000),
    units: whole("units", 1_000_000),
    pageLoads: whole("page-loads", 5),
    subscribers: whole("subscribers", command === "streams" ? 2_000 : 1_000),
    writes: whole("writes", 300),
    reportDir: values["report-dir"] && path.resolve(values["report-dir"]),
  };
}

function parseOrExplain(args: string[]) {
  const number = { type: "string" } as const;
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        database: { type: "string", multiple: true },
        connections: number,
        rounds: number,
        warmup: number,
        duration: number,
        deliveries: number,
        requests: number,
        "gc-interval-ms": number,
        "web-dist": { type: "string" },
        bikes: number,
        units: number,
        "page-loads": number,
        subscribers: number,
        writes: number,
        "report-dir": { type: "string" },
      },
    });
  } catch (error) {
    throw new SetupError(`${error instanceof Error ? error.message : error}\n\n${usage}`);
  }
}

function positive(
  name: string,
  text: string | string[] | undefined,
  fallback: number,
  isValid: (value: number) => boolean,
): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!isValid(value) || value <= 0) {
    const kind = isValid === Number.isInteger ? "a whole number" : "a number";
    throw new SetupError(`--${name} must be ${kind} above 0, not ${String(text)}`);
  }
  return value;
}

function databaseTargets(requested: string[], adminUrl: string | undefined): DatabaseTarget[] {
  const kinds = requested.length > 0 ? requested : adminUrl ? ["sqlite", "postgres"] : ["sqlite"];
  return [...new Set(kinds)].map((kind): DatabaseTarget => {
    if (kind === "sqlite") return { kind: "sqlite" };
    if (kind !== "postgres") {
      throw new SetupError(`--database must be sqlite or postgres, not ${kind}`);
    }
    if (!adminUrl || !/^postgres(ql)?:\/\//.test(adminUrl)) {
      throw new SetupError("--database postgres needs BENCH_DATABASE_URL=postgres://...");
    }
    return { kind: "postgres", adminUrl };
  });
}
