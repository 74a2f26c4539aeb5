import { parseArgs } from "node:util";
import type { LoadSettings } from "../support/load.ts";
import type { DatabaseTarget } from "./read-api-bench.ts";

export interface ReadApiOptions {
  databases: DatabaseTarget[];
  load: LoadSettings;
}

export const readApiUsage = `Options:
  --database sqlite|postgres  repeatable; default: sqlite, plus postgres when BENCH_DATABASE_URL is set
  --duration SECONDS          measured load per server and endpoint (default 10)
  --warmup SECONDS            unmeasured load before each measurement (default 2)
  --connections N             concurrent connections (default 10)
Environment:
  BENCH_DATABASE_URL          postgres:// URL of a user allowed to create databases; each run
                              creates a fresh database there and drops it afterwards`;

export function parseReadApiOptions(args: string[], env: NodeJS.ProcessEnv): ReadApiOptions {
  const { values } = parseArgs({
    args,
    options: {
      database: { type: "string", multiple: true },
      duration: { type: "string", default: "10" },
      warmup: { type: "string", default: "2" },
      connections: { type: "string", default: "10" },
    },
  });
  return {
    databases: databaseTargets(values.database ?? [], env.BENCH_DATABASE_URL),
    load: {
      durationSeconds: positiveNumber("--duration", values.duration),
      warmupSeconds: positiveNumber("--warmup", values.warmup),
      connections: Math.round(positiveNumber("--connections", values.connections)),
    },
  };
}

function databaseTargets(requested: string[], adminUrl: string | undefined): DatabaseTarget[] {
  const kinds = requested.length > 0 ? requested : adminUrl ? ["sqlite", "postgres"] : ["sqlite"];
  return [...new Set(kinds)].map((kind): DatabaseTarget => {
    if (kind === "sqlite") return { kind: "sqlite" };
    if (kind !== "postgres") throw new Error(`--database must be sqlite or postgres, not ${kind}`);
    if (!adminUrl || !/^postgres(ql)?:\/\//.test(adminUrl)) {
      throw new Error("--database postgres needs BENCH_DATABASE_URL=postgres://...");
    }
    return { kind: "postgres", adminUrl };
  });
}

function positiveNumber(option: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${option} must be a positive number`);
  return value;
}

/** An upper bound on a run, for the watchdog: every measurement plus room for start-up. */
export function readApiTimeBudgetSeconds({ databases, load }: ReadApiOptions): number {
  const measurementsPerDatabase = 2 * 2; // two endpoints, each on the app and on the baseline
  const loadSeconds = (load.warmupSeconds + load.durationSeconds) * measurementsPerDatabase;
  return databases.length * (loadSeconds + 60) + 30;
}
