import { CompiledQuery } from "kysely";
import { closeSync, openSync, readSync } from "node:fs";
import type { AppDatabase } from "./database.ts";

/** The stock version as committed now. */
const CURRENT_VERSION_SQL = "select version from stock_version where id = 1";
const currentVersion = CompiledQuery.raw(CURRENT_VERSION_SQL);

export interface StockVersion {
  /**
   * The stock version, at least as new as the caller's request: every write committed before the
   * request arrived, by any server sharing the database, is counted. A number when that needs no
   * wait (SQLite), so the cached read stays synchronous.
   */
  current(): number | Promise<number>;
  /** Lets go of what it holds open; call it when the database closes. */
  close(): void;
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
 * it again on each read took about a third of a by-id read. Each run is a read transaction of its
 * own, which costs three system calls (two locks on the WAL index and a check that the file was
 * not moved), so it runs only when the WAL index says some connection has committed since the
 * last run (walCommitProbe). Every request still gets a version at least as new as its arrival.
 */
function sqliteStockVersion(sqlite: NonNullable<AppDatabase["sqlite"]>): StockVersion {
  let prepared: { get(): unknown } | undefined;
  const probe = walCommitProbe(`${sqlite.name}-shm`);
  let known: number | undefined;
  return {
    current(): number {
      if (known !== undefined && probe.nothingCommittedSinceLastLook()) return known;
      // Prepared on first use: the table exists only once the migrations have run.
      prepared ??= sqlite.prepare(CURRENT_VERSION_SQL).pluck();
      // The probe looked before this read: a commit in between shows at its next look. A read
      // that fails leaves no version to trust.
      known = undefined;
      known = Number(prepared.get());
      return known;
    },
    close: probe.close,
  };
}

/** The WAL-index header's format version (https://sqlite.org/walformat.html). */
const WAL_INDEX_FORMAT = 3007000;
/** Both copies of the WAL-index header, 48 bytes each. */
const WAL_INDEX_HEADERS_BYTES = 96;

/**
 * Whether any connection, in any process, has committed to a SQLite database in WAL mode since
 * the last look. Every commit rewrites the WAL-index header in the shared-memory file beside the
 * database (`-shm`; its change counter, frame count and checksums), before the writer releases
 * its lock, so before any client can hear of the write. Reading those 96 bytes is one system call;
 * any difference at all, a write half done among them, counts as a commit. Without a readable,
 * initialised index (another journal mode, an older format, or a big-endian machine: the index
 * is in the machine's byte order) it always says something changed.
 */
function walCommitProbe(indexFile: string) {
  let descriptor: number | undefined;
  const seen = Buffer.alloc(WAL_INDEX_HEADERS_BYTES);
  const now = Buffer.alloc(WAL_INDEX_HEADERS_BYTES);
  let trusted = false;
  return {
    nothingCommittedSinceLastLook(): boolean {
      try {
        descriptor ??= openSync(indexFile, "r");
        const read = readSync(descriptor, now, 0, WAL_INDEX_HEADERS_BYTES, 0);
        const usable = read === WAL_INDEX_HEADERS_BYTES && now.readUInt32LE(0) === WAL_INDEX_FORMAT;
        const unchanged = trusted && usable && now.equals(seen);
        now.copy(seen);
        trusted = usable && now[12] === 1;
        return unchanged;
      } catch {
        return false;
      }
    },
    close() {
      if (descriptor !== undefined) closeSync(descriptor);
      descriptor = undefined;
    },
  };
}

/**
 * PostgreSQL: each read is a round trip, so concurrent reads share one (docs/decisions/025). A
 * read waits for a query that started after it arrived (one already running may predate a write
 * the reader has seen committed), and every read arriving meanwhile shares that next query. Under
 * load that is one query per round trip instead of one per read, each answer is still at least as
 * new as its request, and no write ever waits for another server.
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
    close: ignore,
    current(): number | Promise<number> {
      if (!running) return query();
      next ??= running.then(ignore, ignore).then(() => {
        next = undefined;
        return query();
      });
      return next;
    },
  };
}
