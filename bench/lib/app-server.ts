import path from "node:path";
import { createScratchDatabase } from "@ultimate-bikes/test-support/scratch-postgres";
import { appEnv } from "../support/child-env.ts";
import { startChildServer, type ChildServer } from "../support/child-server.ts";
import { appServerScript } from "../support/paths.ts";
import { withTempDir } from "../support/temp-dir.ts";
import type { DatabaseTarget } from "./options.ts";

export interface AppServerOptions {
  /** Node options for the server process (`--expose-gc`, `--import …`). */
  nodeArgs?: string[];
  /** Runs before the server starts, with its environment: to fill the database, say. */
  prepare?: (env: Record<string, string>) => Promise<void>;
}

/**
 * Runs `use` against the real app in a child process on a fresh database: SQLite in a temporary
 * DATA_DIR (`workDir`/data), or a scratch PostgreSQL database. Afterwards the server is stopped
 * (if `use` has not stopped it already), the database dropped and `workDir` removed.
 */
export async function withAppServer<T>(
  database: DatabaseTarget,
  variables: Record<string, string>,
  use: (app: ChildServer, workDir: string) => Promise<T>,
  { nodeArgs = [], prepare }: AppServerOptions = {},
): Promise<T> {
  return withTempDir("ultimate-bikes-bench-", async (workDir) => {
    const scratch =
      database.kind === "postgres"
        ? await createScratchDatabase(database.adminUrl, "ub_bench")
        : undefined;
    let app: ChildServer | undefined;
    try {
      const env = appEnv(path.join(workDir, "data"), {
        ...variables,
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      });
      await prepare?.(env);
      app = await startChildServer(appServerScript, env, "app", nodeArgs);
      return await use(app, workDir);
    } finally {
      await app?.stop();
      await scratch?.drop();
    }
  });
}
