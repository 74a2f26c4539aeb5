import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { TEST_PASSWORD } from "./accounts.ts";

const MAIN = path.resolve(import.meta.dirname, "../src/main.ts");

/** The app as `npm start` runs it, in a process of its own that a test may kill. */
export interface AppProcess {
  readonly origin: string;
  readonly child: ChildProcess;
  /** The end of what it printed, for failure messages. */
  output(): string;
  /** Resolves once the process has exited, however it ended. */
  exited(): Promise<void>;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Starts main.ts on `port` with only the environment a server needs (nothing of the test run,
 * such as DATABASE_URL_TEST, reaches it), without waiting for it: see untilHealthy.
 */
export function spawnAppProcess(port: number, variables: Record<string, string>): AppProcess {
  const env: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "TMPDIR", "LANG"]) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
      ...variables,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: string) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.setEncoding("utf8").on("data", keep);
  child.stderr.setEncoding("utf8").on("data", keep);
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { origin, child, output: () => output, exited: () => exit };
}

/** Waits until the process answers /api/health with 200; kills it if not within 30 s. */
export async function untilHealthy(app: AppProcess): Promise<AppProcess> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (hasExited(app.child)) {
      throw new Error(
        `the app exited (${app.child.signalCode ?? app.child.exitCode}):\n${app.output()}`,
      );
    }
    const health = await fetch(`${app.origin}/api/health`).catch(() => undefined);
    if (health?.status === 200) return app;
    if (Date.now() > deadline) {
      app.child.kill("SIGKILL");
      throw new Error(`the app was not healthy within 30 s:\n${app.output()}`);
    }
    await sleep(100);
  }
}

/** Starts main.ts on `port` (spawnAppProcess) and waits until /api/health answers 200. */
export function startAppProcess(
  port: number,
  variables: Record<string, string>,
): Promise<AppProcess> {
  return untilHealthy(spawnAppProcess(port, variables));
}

/** SIGKILL: no shutdown hook runs, as when the machine loses power or the OOM killer strikes. */
export async function killNine(app: AppProcess): Promise<void> {
  if (hasExited(app.child)) return;
  app.child.kill("SIGKILL");
  await app.exited();
}

/** Stops the process: SIGTERM, which closes the app, then SIGKILL if it lingers. */
export async function stopAppProcess(app: AppProcess | undefined): Promise<void> {
  if (!app || hasExited(app.child)) return;
  app.child.kill("SIGTERM");
  const killer = setTimeout(() => app.child.kill("SIGKILL"), 5000);
  await app.exited();
  clearTimeout(killer);
}

/**
 * Signs a new user up and then in over HTTP, as the app's own pages do (sign-up itself signs
 * nobody in: docs/decisions/012); the session cookie a browser would keep.
 */
export async function signUpOver(origin: string): Promise<string> {
  const credentials = { email: uniqueEmail(), password: TEST_PASSWORD };
  const post = (endpoint: string, body: object) =>
    fetch(`${origin}/api/auth/${endpoint}`, {
      method: "POST",
      // As the browser sends it from the app's own page.
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(body),
    });
  const signUp = await post("sign-up/email", { name: "Test Staff", ...credentials });
  if (signUp.status !== 200) {
    throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  }
  const signIn = await post("sign-in/email", credentials);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (signIn.status !== 200 || !cookie) {
    throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  }
  return cookie;
}
