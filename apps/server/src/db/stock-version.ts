import { CompiledQuery } from "kysely";
import type { AppDatabase } from "./database.ts";

const CURRENT_VERSION_SQL = "select version from stock_version where id = 1";
const currentVersion = CompiledQuery.raw(CURRENT_VERSION_SQL);

export interface StockVersion {
  /**
   * The stock version, at least as new as the caller's request: every write committed before the
   * request arrived, by any server sharing the database, is counted. A number when that needs no
   * wait (SQLite), so the cached read stays synchronous.
   */
  current(): number | Promise<number>;
}

/**
 * The stock version (migration 004): database triggers move it with every write to a bike, by
 * any server sharing the database, and a write's new version becomes visible when its data does.
 * Every cached read needs it (docs/decisions/010 and 011).
 */
export function createStockVersion(database: AppDatabase): StockVersion {
  return database.sqlite ? sqliteStockVersion(database.sqlite) : sharedQueryStockVersion(database);
}

/**
 * SQLite: one statement prepared once and run directly, synchronously: through Kysely, preparing
 * it again on each read took about a third of a by-id read. (Reusing one read for several
 * requests would be wrong here: each request is parsed and answered before the next is read, so
 * any later request may come from a client that has seen a newer write committed.)
 */
function sqliteStockVersion(sqlite: NonNullable<AppDatabase["sqlite"]>): StockVersion {
  let prepared: { get(): unknown } | undefined;
  return {
    current(): number {
      // Prepared on first use: the table exists only once the migrations have run.
      prepared ??= sqlite.prepare(CURRENT_VERSION_SQL).pluck();
      return Number(prepared.get());
    },
  };
}

/**
 * PostgreSQL: each read is a round trip, so concurrent reads share one. A read waits for a query
 * that started after it arrived (one already running may predate a write the reader has seen
 * committed), and every read arriving meanwhile shares that next query. Under load that is one
 * query per round trip instead of one per read, and each answer is still at least as new as its
 * request.
 */
function sharedQueryStockVersion({ db }: AppDatabase): StockVersion {
  let running: Promise<number> | undefined;
  let next: Promise<number> | undefined;
  function query(): Promise<number> {
    // A number on both databases (database.ts parses PostgreSQL's bigint).
    const started = db
      .executeQuery<{ version: number }>(currentVersion)
      .then(({ rows }) => rows[0]!.version)
      .finally(() => {
        if (running === started) running = undefined;
      });
    running = started;
    return started;
  }
  const ignore = () => {};
  return {
    current(): Promise<number> {
      if (!running) return query();
      next ??= running.then(ignore, ignore).then(() => {
        next = undefined;
        return query();
      });
      return next;
    },
  };
}
