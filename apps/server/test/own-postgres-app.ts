import {
  createPostgresCluster,
  type PostgresCluster,
} from "@ultimate-bikes/test-support/postgres-cluster";
import { createScratchDatabase } from "@ultimate-bikes/test-support/scratch-postgres";
import type { FastifyInstance } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";

export interface OwnPostgresApp {
  readonly app: FastifyInstance;
  /** The cluster the test may stop or restart: no other test file uses it. */
  readonly cluster: PostgresCluster;
}

/**
 * An app on a PostgreSQL cluster of its own, for a test file that stops or restarts PostgreSQL:
 * doing that to the shared test cluster would cut other files running at the same time.
 */
export function useAppOnOwnPostgres(): OwnPostgresApp {
  let app: FastifyInstance | undefined;
  let cluster: PostgresCluster | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    cluster = createPostgresCluster();
    await cluster.start();
    const database = await createScratchDatabase(cluster.url, "ub_test");
    dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-test-"));
    app = await buildApp(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DATABASE_URL: database.url }),
    );
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await cluster?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const present = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("The app is only there inside tests and hooks");
    return value;
  };
  return {
    get app() {
      return present(app);
    },
    get cluster() {
      return present(cluster);
    },
  };
}
