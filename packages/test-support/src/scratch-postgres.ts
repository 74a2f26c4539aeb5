import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

/** A fresh, empty PostgreSQL database for one test file or one benchmark run. */
export interface ScratchDatabase {
  name: string;
  url: string;
  /**
   * Drops the database once its users have let go of it. Close whatever connected to it first:
   * `pg.Pool.end()` resolves before its idle sockets are closed, and a connection still open
   * when the drop forces it closed becomes an uncaught error in the pool that held it.
   */
  drop(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Creates a database named `{prefix}_{random}` on the server `adminUrl` points at; its user must
 * be allowed to create databases. Used by the PostgreSQL test suite and by the benchmarks.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: "ub_test" | "ub_bench" | "ub_template",
  /** A database to copy (PostgreSQL's `template`): nobody may be connected to it meanwhile. */
  template?: string,
): Promise<ScratchDatabase> {
  // The names are generated, never user input, so they are safe to put in the statements.
  const name = `${prefix}_${randomUUID().replaceAll("-", "")}`;
  await withAdmin(adminUrl, async (admin) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
        return;
      } catch (error) {
        // A template's last user (a pool just ended) may take a moment to disconnect.
        const busy = (error as { code?: string }).code === "55006";
        if (!busy || attempt >= 200) throw error;
        await sleep(25);
      }
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, async (admin) => {
        for (let attempt = 0; attempt < 200; attempt++) {
          const { rows } = await admin.query<{ open: number }>(
            "select count(*)::int as open from pg_stat_activity where datname = $1",
            [name],
          );
          if (rows[0]?.open === 0) break;
          await sleep(25);
        }
        await admin.query(`drop database if exists ${name} with (force)`);
      }),
  };
}
