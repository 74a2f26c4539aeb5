import { createScratchDatabase } from "@ultimate-bikes/test-support/scratch-postgres";
import type { FastifyInstance } from "fastify";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { fastPasswordHashing } from "../../test/fast-password-hashing.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { seedBikes } from "./seed-bikes.ts";

const MIGRATION_FILES = readdirSync(path.join(import.meta.dirname, "migrations")).length;
const SERVERS = 3;

describe("servers starting together on one new PostgreSQL database", () => {
  it("all start; the migrations ran once, the demo stock was seeded once", async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL_TEST!, "ub_test");
    const dataDirs = Array.from({ length: SERVERS }, () =>
      mkdtempSync(path.join(tmpdir(), "ultimate-bikes-test-")),
    );
    const started = await Promise.allSettled(
      dataDirs.map((dataDir) =>
        buildApp({
          ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DATABASE_URL: scratch.url }),
          passwordHashing: fastPasswordHashing,
        }),
      ),
    );
    const apps = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const database = new pg.Client({ connectionString: scratch.url });
    try {
      expect(started.filter((result) => result.status === "rejected")).toEqual([]);
      for (const app of apps as FastifyInstance[]) {
        const ready = await app.inject("/api/health/ready");
        expect(ready.statusCode, ready.body).toBe(200);
      }
      await database.connect();
      const count = async (table: string) =>
        (await database.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
      expect(await count("kysely_migration")).toBe(MIGRATION_FILES);
      expect(await count("bike")).toBe(seedBikes.length);
    } finally {
      await database.end();
      await Promise.all(apps.map((app) => app.close()));
      await scratch.drop();
      for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
