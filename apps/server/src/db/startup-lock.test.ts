import { freePort } from "@ultimate-bikes/test-support/postgres-cluster";
import SQLite from "better-sqlite3";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startAppProcess, stopAppProcess, type AppProcess } from "../../test/app-process.ts";
import { seedBikes } from "./seed-bikes.ts";

const MIGRATION_FILES = readdirSync(path.join(import.meta.dirname, "migrations")).length;

// Two processes on one SQLite file: an operator starting the service twice, or an upgrade
// started while the old process still runs. Real processes, since one process's connections
// would wait on each other's busy timeout on its one event loop.
describe("two servers starting together on one new SQLite file", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-test-"));
  const servers: AppProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => stopAppProcess(server)));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("both start; the migrations ran once, the demo stock was seeded once", async () => {
    const ports = [await freePort(), await freePort()];
    servers.push(
      ...(await Promise.all(ports.map((port) => startAppProcess(port, { DATA_DIR: dataDir })))),
    );
    for (const server of servers) {
      const ready = await fetch(`${server.origin}/api/health/ready`);
      expect(ready.status, server.output()).toBe(200);
    }

    const file = new SQLite(path.join(dataDir, "ultimate-bikes.sqlite"), { readonly: true });
    try {
      const migrations = file.prepare("select count(*) as n from kysely_migration").get();
      expect(migrations).toEqual({ n: MIGRATION_FILES });
      expect(file.prepare("select count(*) as n from bike").get()).toEqual({
        n: seedBikes.length,
      });
    } finally {
      file.close();
    }
  }, 60_000);

  it("each exits 0 on SIGTERM, a second signal changing nothing", async () => {
    const [first, second] = servers;
    first!.child.kill("SIGTERM");
    first!.child.kill("SIGTERM");
    second!.child.kill("SIGINT");
    await Promise.all([first!.exited(), second!.exited()]);
    expect(first!.child.exitCode, first!.output()).toBe(0);
    expect(second!.child.exitCode, second!.output()).toBe(0);
  });
});
