import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import type { ListeningMessage } from "./child-lifecycle.ts";

export interface ChildServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  port: number;
  stop(): Promise<void>;
}

const startTimeoutMs = 60_000;
const stopTimeoutMs = 10_000;
const keptStderrChars = 4_000;

// The servers are TypeScript like the app; tsx's loader lets plain `node` run them.
const tsxLoader = import.meta.resolve("tsx");

/**
 * Runs a server script (one that uses child-lifecycle.ts) in its own Node process, so the load
 * generator and the server under test do not share an event loop.
 */
export function startChildServer(
  script: string,
  env: NodeJS.ProcessEnv,
  name: string,
): Promise<ChildServer> {
  const child = spawn(process.execPath, ["--import", tsxLoader, script], {
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
      resolve({ origin: `http://127.0.0.1:${port}`, port, stop: () => stopChild(child) });
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

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), stopTimeoutMs);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    // Closing stdin is the child's cue to close its server (see child-lifecycle.ts).
    child.stdin?.end();
  });
}
