import { defineConfig } from "vitest/config";

const serverProject = (database: "sqlite" | "postgres", include: string[]) => ({
  test: {
    name: `server-${database}`,
    root: "apps/server",
    include,
    env: { TEST_DATABASE: database },
    setupFiles: ["test/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      // Unit tests and API tests on SQLite; the API tests again on PostgreSQL.
      serverProject("sqlite", ["src/**/*.test.ts"]),
      serverProject("postgres", ["src/**/*.api.test.ts"]),
      "apps/web",
      { test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"] } },
    ],
  },
});
