import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { appEnv } from "../support/child-env.ts";
import { repoRoot } from "../support/paths.ts";
import { withTempDir } from "../support/temp-dir.ts";
import { percentile } from "./load.ts";

/** One way of running the server's TypeScript. */
export interface Launcher {
  name: string;
  nodeArgs: string[];
  env?: Record<string, string>;
}

const LAUNCHERS: Launcher[] = [
  { name: "Node's type stripping (`npm start` now)", nodeArgs: [] },
  // tsx caches its transforms on disk; a second `npm start` on the same machine finds them.
  {
    name: "tsx, transform cache warm (before)",
    nodeArgs: ["--import", import.meta.resolve("tsx")],
  },
  {
    name: "tsx, no transform cache (before, first start)",
    nodeArgs: ["--import", import.meta.resolve("tsx")],
    env: { TSX_DISABLE_CACHE: "1" },
  },
];

export interface LauncherTimes {
  launcher: Launcher;
  /** Milliseconds from spawning the process to the first 200 from /api/health, one per round. */
  startsMs: number[];
}

const mainScript = path.join(repoRoot, "apps/server/src/main.ts");
const giveUpAfterMs = 60_000;

/**
 * Starts the real server (`apps/server/src/main.ts`, as `npm start` does) again and again with
 * each launcher, in alternating order, on one SQLite database that a first untimed start has
 * already migrated and seeded. Times process start to the first answered `/api/health`.
 */
export async function measureColdStarts(
  rounds: number,
  progress: (message: string) => void,
): Promise<LauncherTimes[]> {
  return withTempDir("ultimate-bikes-cold-start-", async (dataDir) => {
    const variables = appEnv(dataDir, { HOST: "127.0.0.1" });
    // Untimed: creates and seeds the database, and fills tsx's cache.
    for (const launcher of LAUNCHERS) await timeStart(launcher, variables);
    const results = LAUNCHERS.map((launcher) => ({ launcher, startsMs: [] as number[] }));
    for (let round = 0; round < rounds; round++) {
      // Each round reverses the order of the one before, so drift in machine load falls on all.
      const order = round % 2 === 0 ? results : [...results].reverse();
      for (const result of order) result.startsMs.push(await timeStart(result.launcher, variables));
      progress(`round ${round + 1} of ${rounds}`);
    }
    return results;
  });
}

async function timeStart(launcher: Launcher, variables: Record<string, string>): Promise<number> {
  const port = await freePort();
  const env = { ...variables, ...launcher.env, PORT: String(port) };
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...launcher.nodeArgs, mainScript], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    while (performance.now() - startedAt < giveUpAfterMs) {
      if (child.exitCode !== null) break;
      if ((await healthStatus(port)) === 200) return performance.now() - startedAt;
      await sleep(2);
    }
    throw new Error(`${launcher.name}: the server did not answer /api/health\n${stderr}`);
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

function healthStatus(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: "127.0.0.1", port, path: "/api/health", agent: false, timeout: 1_000 },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    request.on("error", () => resolve(undefined));
    request.on("timeout", () => request.destroy());
  });
}

/** A TCP port free on the loopback interface right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function median(values: number[]): number {
  return percentile(values, 0.5);
}
