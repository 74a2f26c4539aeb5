import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  pid: number;
  /** How the process ended, if it already has: a crash shows here before anyone stops it. */
  exited(): ChildExit | undefined;
  /** Asks the server to close, kills it if it does not, and tells how it ended. */
  stop(): Promise<ChildExit>;
}

const startTimeoutMs = 60_000;
const stopTimeoutMs = 10_000;

/**
 * Runs a server script (one that uses child-lifecycle.ts) in its own Node process, so the load
 * generator and the server under test do not share an event loop. Node runs the TypeScript by
 * stripping its types, as it runs the app.
 */
export function startChildServer(
  script: string,
  env: NodeJS.ProcessEnv,
  name: string,
  nodeArgs: string[] = [],
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...nodeArgs, script], { env, stdio: "pipe" });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-4_000);
  });

  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`${name} server ${reason}${stderr ? `:\n${stderr}` : ""}`));
    };
    const timer = setTimeout(() => fail(`did not start in ${startTimeoutMs} ms`), startTimeoutMs);
    child.once("exit", (code, signal) => fail(`exited before listening (${signal ?? code})`));

    // The child's first line on stdout is the port it listens on (see child-lifecycle.ts).
    createInterface({ input: child.stdout }).once("line", (line) => {
      if (!/^\d+$/.test(line)) return fail(`printed something other than its port: ${line}`);
      clearTimeout(timer);
      child.removeAllListeners("exit");
      resolve({
        origin: `http://127.0.0.1:${line}`,
        pid: child.pid!,
        exited: () => exitOf(child),
        stop: () => stopChild(child),
      });
    });
  });
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
