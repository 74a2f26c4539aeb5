import { configDefaults, defineConfig } from "vitest/config";

const serverProject = (
  database: "sqlite" | "postgres",
  include: string[],
  exclude: string[] = [],
) => ({
  test: {
    name: `server-${database}`,
    root: "apps/server",
    include,
    exclude: [...configDefaults.exclude, ...exclude],
    env: { TEST_DATABASE: database },
    setupFiles: ["../../packages/test-support/src/fail-on-console-error.ts"],
    // Migrates (and seeds) once per run; each test file copies the result (test/test-app.ts).
    globalSetup: ["test/database-templates.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Files share a worker's module graph instead of importing the whole server anew (halves the
    // server suites' time): each file builds its own app and database, and none mocks a module.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Vitest runs one file at a time on a 2-core machine (cores - 1), but most of an API test's
    // time is spent waiting (HTTP, the database, timers): two at a time use the machine. Every
    // file has its own database and ports, so they never meet.
    maxWorkers: 2,
    projects: [
      // Unit tests and API tests on SQLite; the API tests again on PostgreSQL, with the tests
      // only PostgreSQL has a reason for (a server restart, processes sharing one database).
      // `*.api.test.ts` names a suite whose behaviour depends on the database; one that goes
      // through HTTP but never reaches the database (CORS, security headers, the auth bridge's
      // checks) is a plain `*.test.ts`, run once.
      serverProject("sqlite", ["src/**/*.test.ts"], ["src/**/*.postgres.test.ts"]),
      serverProject("postgres", ["src/**/*.api.test.ts", "src/**/*.postgres.test.ts"]),
      "apps/web",
      { test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"] } },
    ],
  },
});
