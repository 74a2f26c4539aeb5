import {
  createScratchDatabase,
  type ScratchDatabase,
} from "@ultimate-bikes/test-support/scratch-postgres";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";

/**
 * Vitest's global set-up for the server's projects: migrates two databases once per run, one
 * seeded and one empty (SEED=off), which every test file then copies (test-app.ts) instead of
 * migrating and seeding its own: a SQLite file copy, or PostgreSQL's `create database … template`.
 * The app builds them itself, so they are exactly what a fresh start makes.
 */
export interface DatabaseTemplates {
  /** SQLite: a DATA_DIR to copy. PostgreSQL: the name of a database to copy. */
  seeded: string;
  empty: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

async function startOnce(environment: Record<string, string>) {
  const app = await buildApp(loadConfig({ LOG_LEVEL: "silent", ...environment }));
  await app.ready();
  await app.close();
}

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
  const cleanUps: (() => Promise<void> | void)[] = [];
  const template = async (seed: "on" | "off") => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-template-"));
    cleanUps.push(() => rmSync(dataDir, { recursive: true, force: true }));
    if (kind === "sqlite") {
      await startOnce({ DATA_DIR: dataDir, SEED: seed });
      return dataDir;
    }
    const adminUrl = process.env.DATABASE_URL_TEST;
    if (!adminUrl)
      throw new Error("The PostgreSQL suite needs DATABASE_URL_TEST (see scripts/test.sh)");
    const database: ScratchDatabase = await createScratchDatabase(adminUrl, "ub_template");
    cleanUps.push(() => database.drop());
    await startOnce({ DATA_DIR: dataDir, SEED: seed, DATABASE_URL: database.url });
    return database.name;
  };
  project.provide("databaseTemplates", {
    seeded: await template("on"),
    empty: await template("off"),
  });
  return async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  };
}
