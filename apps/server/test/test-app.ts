import {
  createScratchDatabase,
  type ScratchDatabase,
} from "@ultimate-bikes/test-support/scratch-postgres";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, inject } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig, type AppConfig } from "../src/config.ts";
import { signUp, type TestUser } from "./accounts.ts";
import { fastPasswordHashing } from "./fast-password-hashing.ts";

export type TestDatabaseKind = "sqlite" | "postgres";

/** Which database this run of the API suite targets (the test command runs it on both). */
export const testDatabaseKind: TestDatabaseKind =
  process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";

export interface TestAppOptions<UserName extends string = never> {
  /** Environment variables on top of the test's own DATA_DIR, LOG_LEVEL and DATABASE_URL. */
  environment?: Record<string, string>;
  /** Settings no environment variable reaches, such as where the web build is. */
  overrides?: Partial<AppConfig>;
  /** Users to sign up as soon as the app is ready, by the names the tests call them. */
  signedUpUsers?: readonly UserName[];
  /** Runs on the built app before it is ready: to add a hook that watches its requests, say. */
  beforeReady?: (app: FastifyInstance) => void;
}

/** The app of a test file, there once its `beforeAll` has run: inside tests and later hooks. */
export interface TestApp<UserName extends string = never> {
  readonly app: FastifyInstance;
  readonly config: AppConfig;
  /** The users `signedUpUsers` named, to be taken apart where the file starts. */
  readonly users: Readonly<Record<UserName, TestUser>>;
}

interface RunningApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

function scratchPostgres(template: string): Promise<ScratchDatabase> {
  const adminUrl = process.env.DATABASE_URL_TEST;
  if (!adminUrl) {
    throw new Error(
      "The PostgreSQL API suite needs DATABASE_URL_TEST (npm test starts a throwaway cluster and sets it).",
    );
  }
  return createScratchDatabase(adminUrl, "ub_test", template);
}

/**
 * A server on its own fresh database (SQLite file or PostgreSQL database), seeded by default.
 * Its close() is safe on both: the scratch database's drop waits until the closed app's pool
 * has really let go of its connections.
 */
async function startTestApp(options: TestAppOptions<string>): Promise<RunningApp> {
  // A copy of the database the run migrated (and seeded) once: test/database-templates.ts.
  const templates = inject("databaseTemplates");
  const template = options.environment?.SEED === "off" ? templates.empty : templates.seeded;
  const postgres = testDatabaseKind === "postgres" ? await scratchPostgres(template) : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-test-"));
  if (!postgres) cpSync(template, dataDir, { recursive: true });
  const removeData = async () => {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...options.environment,
    });
    // The overrides are part of the app's configuration: a second instance gets them too.
    const configured = {
      ...config,
      passwordHashing: fastPasswordHashing,
      ...options.overrides,
    };
    const app = await buildApp(configured);
    options.beforeReady?.(app);
    await app.ready();
    return {
      app,
      config: configured,
      async close() {
        await app.close();
        await removeData();
      },
    };
  } catch (error) {
    await removeData();
    throw error;
  }
}

/** A value set by a hook, read by the tests; reading it before the hook ran is a mistake. */
function whenReady<T>(value: () => T | undefined, what: string): T {
  const current = value();
  if (current === undefined) throw new Error(`${what} is only there inside tests and hooks`);
  return current;
}

/**
 * Gives the calling test file (or describe block) its own app, started before its tests and
 * closed after them, with the `signedUpUsers` signed up in between.
 */
export function useTestApp<const UserName extends string = never>(
  options: TestAppOptions<UserName> = {},
): TestApp<UserName> {
  const names = options.signedUpUsers ?? [];
  let running: RunningApp | undefined;
  const signedUp = new Map<UserName, TestUser>();
  beforeAll(async () => {
    running = await startTestApp(options);
    for (const name of names) signedUp.set(name, await signUp(running.app));
  });
  afterAll(() => running?.close());

  const started = () => whenReady(() => running, "The test app");
  const userNamed = (name: UserName): TestUser => {
    const ready = () => whenReady(() => signedUp.get(name), `The user "${name}"`);
    return {
      get email() {
        return ready().email;
      },
      get cookie() {
        return ready().cookie;
      },
    };
  };
  return {
    get app() {
      return started().app;
    },
    get config() {
      return started().config;
    },
    users: Object.fromEntries(names.map((name) => [name, userNamed(name)])) as Record<
      UserName,
      TestUser
    >,
  };
}
