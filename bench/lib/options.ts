import { parseArgs } from "node:util";
import { SetupError } from "../support/cli.ts";
import type { LoadSettings } from "../support/load.ts";
import type { DatabaseTarget } from "./read-api-bench.ts";

export interface ReadApiOptions {
  databases: DatabaseTarget[];
  load: LoadSettings;
}

export const readApiUsage = `Options:
  --database sqlite|postgres  repeatable; default: sqlite, and postgres if BENCH_DATABASE_URL is set
  --duration SECONDS          measured load per server and endpoint, or per side and delivery
                              scenario (default 10)
  --rounds N                  alternating rounds the duration is split into (default 4)
  --warmup SECONDS            unmeasured load before each measurement (default 2)
  --connections N             concurrent connections (default 10)
Environment:
  BENCH_DATABASE_URL          postgres:// URL of a user allowed to create databases; each run
                              creates a fresh database there and drops it afterwards`;

export function parseReadApiOptions(args: string[], env: NodeJS.ProcessEnv): ReadApiOptions {
  const { values } = parseArgsOrExplain(args);
  return {
    databases: databaseTargets(values.database ?? [], env.BENCH_DATABASE_URL),
    load: {
      durationSeconds: positiveNumber("--duration", values.duration),
      warmupSeconds: positiveNumber("--warmup", values.warmup),
      connections: Math.round(positiveNumber("--connections", values.connections)),
      rounds: Math.round(positiveNumber("--rounds", values.rounds)),
    },
  };
}

function parseArgsOrExplain(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        database: { type: "string", multiple: true },
        duration: { type: "string", default: "10" },
        warmup: { type: "string", default: "2" },
        connections: { type: "string", default: "10" },
        rounds: { type: "string", default: "4" },
      },
    });
  } catch (error) {
    throw new SetupError(`${error instanceof Error ? error.message : error}\n${readApiUsage}`);
  }
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

function positiveNumber(option: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    throw new SetupError(`${option} must be a positive number`);
  }
  return value;
}

/** An upper bound on a run, for the watchdog: every measurement plus room for start-up. */
export function readApiTimeBudgetSeconds({ databases, load }: ReadApiOptions): number {
  const serversTimesEndpoints = 2 * 2;
  const loadSeconds = (load.warmupSeconds + load.durationSeconds) * serversTimesEndpoints;
  // Each autocannon run also spends a moment connecting and draining.
  const runOverheadSeconds = (1 + load.rounds) * serversTimesEndpoints;
  return databases.length * (loadSeconds + runOverheadSeconds + 60) + 30;
}

/**
 * The same for deliveries.ts: two scenarios, each measuring reads and deliveries, then a drain.
 * Their load is sized from the pace of the run before, so allow for it to run over.
 */
export function deliveriesTimeBudgetSeconds({ databases, load }: ReadApiOptions): number {
  const scenariosTimesSides = 2 * 2;
  const loadSeconds = 1.5 * (load.warmupSeconds + load.durationSeconds) * scenariosTimesSides;
  return databases.length * (loadSeconds + 60) + 30;
}
