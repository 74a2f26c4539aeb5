import { bikeSchema, insertedSchema } from "@ultimate-bikes/contract/bikes";
import {
  STOCK_EVENT,
  STOCK_READY_EVENT,
  stockEventSchema,
} from "@ultimate-bikes/contract/stock-events";
import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";
import { freePort } from "@ultimate-bikes/test-support/postgres-cluster";
import {
  createScratchDatabase,
  type ScratchDatabase,
} from "@ultimate-bikes/test-support/scratch-postgres";
import { openEventStream } from "@ultimate-bikes/test-support/sse-client";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../../test/accounts.ts";

const MAIN = path.resolve(import.meta.dirname, "../main.ts");

interface AppProcess {
  readonly origin: string;
  readonly child: ChildProcess;
  /** The end of what it printed, for failure messages. */
  output(): string;
}

/**
 * The app as `npm start` runs it, in a process of its own: only the environment a server needs,
 * so nothing of the test run (NODE_ENV=test, DATABASE_URL_TEST) reaches it.
 */
async function startApp(variables: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const env: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "TMPDIR", "LANG"]) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
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
  const app: AppProcess = { origin: `http://127.0.0.1:${port}`, child, output: () => output };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the app exited (${child.signalCode ?? child.exitCode}):\n${output}`);
    }
    const health = await fetch(`${app.origin}/api/health`).catch(() => undefined);
    if (health?.status === 200) return app;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the app was not healthy within 30 s:\n${output}`);
    }
    await sleep(100);
  }
}

/** Stops the process: SIGTERM, which closes the app, then SIGKILL if it lingers. */
async function stopApp(app: AppProcess | undefined): Promise<void> {
  if (!app || app.child.exitCode !== null || app.child.signalCode !== null) return;
  const exited = new Promise((resolve) => app.child.once("exit", resolve));
  app.child.kill("SIGTERM");
  const killer = setTimeout(() => app.child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(killer);
}

/** Signs a new user up through the HTTP API; the session cookie a browser would keep. */
async function signUpOver(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    // As the browser sends it from the app's own page: better-auth refuses a sign-up without it.
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ name: "Test Staff", email: uniqueEmail(), password: TEST_PASSWORD }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  }
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

async function quantityOver(origin: string, id: string): Promise<number> {
  const response = await fetch(`${origin}/api/bikes/${id}`);
  expect(response.status).toBe(200);
  return bikeSchema.parse(await response.json()).quantity;
}

describe("live stock events between two app processes on one PostgreSQL database", () => {
  let database: ScratchDatabase | undefined;
  let dataDir: string | undefined;
  let first: AppProcess | undefined;
  let second: AppProcess | undefined;

  beforeAll(async () => {
    const adminUrl = process.env.DATABASE_URL_TEST;
    if (!adminUrl) throw new Error("This test needs DATABASE_URL_TEST (see scripts/test.sh)");
    database = await createScratchDatabase(adminUrl, "ub_test");
    dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-test-"));
    // One secret for both, as servers behind one load balancer share it.
    const shared = {
      DATABASE_URL: database.url,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
    };
    first = await startApp({ ...shared, DATA_DIR: path.join(dataDir, "a"), SEED: "on" });
    second = await startApp({ ...shared, DATA_DIR: path.join(dataDir, "b"), SEED: "off" });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([stopApp(first), stopApp(second)]);
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it("sends a delivery made through one process to a subscriber of the other", async () => {
    const a = first!.origin;
    const b = second!.origin;
    const cookie = await signUpOver(a);
    const added = await fetch(`${a}/api/bikes`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: a },
      body: JSON.stringify(newBikeBody({ quantity: "6" })),
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const id = insertedSchema.parse(await added.json()).insertedId;

    const stream = await openEventStream(`${b}/api/stock/events`);
    try {
      expect(stream.status).toBe(200);
      await stream.next(STOCK_READY_EVENT);
      // Read on B twice first, so a stale cached answer would show below.
      expect(await quantityOver(b, id)).toBe(6);
      expect(await quantityOver(b, id)).toBe(6);

      const delivered = await fetch(`${a}/api/bikes/${id}/deliveries`, {
        method: "POST",
        headers: { cookie, origin: a },
      });
      expect(delivered.status, await delivered.text()).toBe(200);

      // The bike's `create` may come first: it committed just before B's stream went live.
      const event = await stream.next((candidate) => {
        const data = stockEventSchema.safeParse(JSON.parse(candidate.data));
        return data.success && data.data.bikeId === id && data.data.kind === "deliver";
      }, 10_000);
      expect(event.event).toBe(STOCK_EVENT);
      expect(stockEventSchema.parse(JSON.parse(event.data))).toMatchObject({
        bikeId: id,
        kind: "deliver",
        delta: -1,
        quantity: 5,
      });
      expect(await quantityOver(b, id)).toBe(5);

      const movements = await fetch(`${b}/api/bikes/${id}/movements?limit=1`, {
        headers: { cookie },
      });
      expect(movements.status).toBe(200);
      const [newest] = (await movements.json()) as { id: number }[];
      expect(event.id).toBe(String(newest!.id));
    } finally {
      stream.close();
    }
  });
});
