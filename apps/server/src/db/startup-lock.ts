import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { DatabaseConfig } from "../config.ts";

/**
 * The key of the PostgreSQL advisory lock start-up holds (any fixed number that nothing else on
 * the database uses; Kysely's migrator uses 3853314791062309107 for its own).
 */
const STARTUP_LOCK_KEY = 2_700_000_027;

/**
 * How long a server waits on SQLite for another process's start-up to finish: far longer than
 * migrating and seeding take, short enough that a server stuck behind a hung one fails to start
 * (and says so) instead of waiting for ever.
 */
const SQLITE_WAIT_MS = 120_000;
/** Between two tries on SQLite; a retry is a no-op once the other process has committed. */
const SQLITE_RETRY_MS = 100;

/** A busy or locked SQLite file, the error itself or a cause of it (the migrator wraps it). */
function isSqliteBusy(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === "string" && /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code)) return true;
  return isSqliteBusy(cause, depth + 1);
}

/**
 * Runs start-up's database work (the migrations, then seeding an empty database) in one server
 * at a time, when several start together on one database (a rolling upgrade, or all at once).
 *
 * What Kysely's Migrator (0.29) already does, read in node_modules/kysely/dist: on PostgreSQL it
 * runs every pending migration in one transaction on one connection, inside a session-level
 * `pg_advisory_lock` (postgres-adapter.js, acquireMigrationLock), so migrations alone are safe
 * there. On SQLite it takes no lock at all (sqlite-adapter.js: "only one connection"), which
 * holds within a process, not across two opening one file; its transaction is a deferred BEGIN.
 *
 * What this adds:
 * - PostgreSQL: one more advisory lock, on a connection of its own, around the migrations AND
 *   the seeding: two servers on an empty database would otherwise both find it empty at READ
 *   COMMITTED and seed the demo stock twice. The lock ends with its session, so a server that
 *   dies holding it does not block the others.
 * - SQLite: the loser of the race gets SQLITE_BUSY (its deferred transaction cannot become a
 *   write once the winner has committed, or the busy timeout ran out) and its transaction rolls
 *   back whole; it tries again, and then finds the migrations done and the stock seeded.
 */
export async function oneServerAtATime<T>(
  config: DatabaseConfig,
  log: FastifyBaseLogger,
  work: () => Promise<T>,
): Promise<T> {
  if (config.kind === "postgres") {
    const client = new pg.Client({ connectionString: config.connectionString });
    // A connection lost while held fails the work's own queries; unheard, it would end the process.
    client.on("error", (error) => log.warn({ err: error }, "start-up lock connection lost"));
    await client.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
      return await work();
    } finally {
      // Ending the session lets go of the lock.
      await client.end();
    }
  }
  const giveUpAt = Date.now() + SQLITE_WAIT_MS;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!isSqliteBusy(error) || Date.now() > giveUpAt) throw error;
      log.info("another process is migrating the database; waiting for it");
      await sleep(SQLITE_RETRY_MS);
    }
  }
}
