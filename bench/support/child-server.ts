import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import type { ListeningMessage } from "./child-lifecycle.ts";

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  port: number;
  pid: number;
  /** How the process ended, if it already has: a crash shows here before anyone stops it. */
  exited(): ChildExit | undefined;
  /** Asks the server to close, kills it if it does not, and tells how it ended. */
  stop(): Promise<ChildExit>;
}

const startTimeoutMs = 60_000;
const stopTimeoutMs = 10_000;
const keptStderrChars = 4_000;

/**
 * Runs a server script (one that uses child-lifecycle.ts) in its own Node process, so the load
 * generator and the server under test do not share an event loop.
 */
export function startChildServer(
  script: string,
  env: NodeJS.ProcessEnv,
  name: string,
  nodeArgs: string[] = [],
): Promise<ChildServer> {
  // The servers are TypeScript like the app; Node runs them by stripping the types.
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-keptStderrChars);
  });

  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`${name} server ${reason}${stderr ? `:\n${stderr}` : ""}`));
    };
    const timer = setTimeout(
      () => fail(`did not start within ${startTimeoutMs} ms`),
      startTimeoutMs,
    );
    child.once("exit", (code, signal) => fail(`exited before listening (${signal ?? code})`));

    createInterface({ input: child.stdout }).once("line", (line) => {
      const port = parsePort(line);
      if (port === undefined) return fail(`printed something other than its port: ${line}`);
      clearTimeout(timer);
      child.removeAllListeners("exit");
      resolve({
        origin: `http://127.0.0.1:${port}`,
        port,
        pid: child.pid!,
        exited: () => exitOf(child),
        stop: () => stopChild(child),
      });
    });
  });
}

function parsePort(line: string): number | undefined {
  try {
    const message = JSON.parse(line) as Partial<ListeningMessage>;
    return typeof message.listening === "number" ? message.listening : undefined;
  } catch {
    return undefined;
  }
}

function exitOf(child: ChildProcess): ChildExit | undefined {
  if (child.exitCode === null && child.signalCode === null) return undefined;
  return { code: child.exitCode, signal: child.signalCode };
}

function stopChild(child: ChildProcess): Promise<ChildExit> {
  const ended = exitOf(child);
  if (ended) return Promise.resolve(ended);
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), stopTimeoutMs);
    child.once("exit", (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal });
    });
    // Closing stdin is the child's cue to close its server (see child-lifecycle.ts).
    child.stdin?.end();
  });
}
