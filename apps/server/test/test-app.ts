import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app.ts";
import { loadConfig, type AppConfig } from "../src/config.ts";

export type TestDatabaseKind = "sqlite" | "postgres";

/** Which database this run of the API suite targets (the test command runs it on both). */
export const testDatabaseKind: TestDatabaseKind =
  process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL_TEST;
  if (!adminUrl) {
    throw new Error(
      "The PostgreSQL API suite needs DATABASE_URL_TEST (npm test starts a throwaway cluster and sets it).",
    );
  }
  const name = `ub_test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A server on its own fresh database (SQLite file or PostgreSQL database), seeded by default. */
export async function createTestApp(
  environment: Record<string, string> = {},
  overrides: Partial<AppConfig> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-test-"));
  const postgres = testDatabaseKind === "postgres" ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...environment,
  });
  const app = await buildApp({ ...config, ...overrides });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
