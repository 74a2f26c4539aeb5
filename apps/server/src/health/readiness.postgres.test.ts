import { createScratchDatabase } from "@ultimate-bikes/test-support/scratch-postgres";
import type { FastifyInstance } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "../plugins/errors.ts";

// A database of its own, since the test takes it away from under the server.
describe("readiness when the database stops answering, on postgres", () => {
  it("turns 503 unavailable while liveness stays 200", async () => {
    const adminUrl = process.env.DATABASE_URL_TEST!;
    const scratch = await createScratchDatabase(adminUrl, "ub_test");
    const dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-test-"));
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp(
        loadConfig({
          DATA_DIR: dataDir,
          LOG_LEVEL: "silent",
          DATABASE_URL: scratch.url,
          SEED: "off",
        }),
      );
      expect((await app.inject("/api/health/ready")).statusCode).toBe(200);

      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database ${scratch.name} with (force)`);
      await admin.end();

      const ready = await app.inject("/api/health/ready");
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: "unavailable", database: "postgres" });
      expect(ready.headers["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      const live = await app.inject("/api/health/live");
      expect(live.statusCode).toBe(200);
    } finally {
      await app?.close();
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
