import { freePort } from "@ultimate-bikes/test-support/postgres-cluster";
import SQLite from "better-sqlite3";
import { once } from "node:events";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  spawnAppProcess,
  stopAppProcess,
  untilHealthy,
  type AppProcess,
} from "../../test/app-process.ts";
import { seedBikes } from "./seed-bikes.ts";

const MIGRATION_FILES = readdirSync(path.join(import.meta.dirname, "migrations")).length;

// Real processes: on one event loop, two connections would wait on each other's busy timeout.
describe("a server starting while another process writes its new SQLite file", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-test-"));
  const file = path.join(dataDir, "ultimate-bikes.sqlite");
  let server: AppProcess | undefined;
  afterAll(async () => {
    await stopAppProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("waits for it, then migrates and seeds once", async () => {
    // Another process (a second server starting, say) holds the write lock.
    const other = new SQLite(file);
    try {
      other.pragma("journal_mode = WAL");
      other.exec("begin immediate");
      server = spawnAppProcess(await freePort(), { DATA_DIR: dataDir, LOG_LEVEL: "info" });
      // Its first try outlasted the busy timeout, rolled back, and it says it waits.
      await expect
        .poll(() => server!.output(), { timeout: 20_000 })
        .toContain("another process is migrating the database");
      other.exec("rollback");
    } finally {
      other.close();
    }
    await untilHealthy(server);
    const ready = await fetch(`${server.origin}/api/health/ready`);
    expect(ready.status, server.output()).toBe(200);

    const database = new SQLite(file, { readonly: true });
    try {
      const count = (table: string) =>
        database.prepare(`select count(*) as n from ${table}`).get() as { n: number };
      expect(count("kysely_migration").n).toBe(MIGRATION_FILES);
      expect(count("bike").n).toBe(seedBikes.length);
    } finally {
      database.close();
    }
  }, 60_000);

  it("on SIGTERM finishes a request in flight and exits 0, a second SIGTERM changing nothing", async () => {
    const running = server!;
    // A sign-in whose headers the server has (it said 100 Continue), not yet its body.
    const body = JSON.stringify({ email: "nobody@example.com", password: "not a password" });
    const socket = net.connect(Number(new URL(running.origin).port), "127.0.0.1");
    socket.setEncoding("utf8");
    let answer = "";
    socket.on("data", (chunk: string) => (answer += chunk));
    const closed = once(socket, "close");
    socket.write(
      "POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
        "Expect: 100-continue\r\n\r\n",
    );
    await expect.poll(() => answer).toMatch(/^HTTP\/1\.1 100 Continue/);

    running.child.kill("SIGTERM");
    await expect.poll(() => running.output()).toContain('"msg":"shutting down"');
    running.child.kill("SIGTERM");
    await expect.poll(() => running.output()).toContain("already shutting down");
    socket.write(body);
    await closed;
    // Answered (wrong password), not cut off.
    expect(answer).toMatch(/HTTP\/1\.1 401 /);
    await running.exited();
    expect(running.child.exitCode, running.output()).toBe(0);
  });
});
