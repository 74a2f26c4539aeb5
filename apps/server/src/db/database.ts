import { closeSync, openSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, sql, type Logger } from "kysely";
import pg from "pg";
import type { FastifyBaseLogger } from "fastify";
import { ensurePrivateDir, keepPrivate, type DatabaseConfig } from "../config.ts";
import type { Database } from "./schema.ts";
import { withStatementCache } from "./statement-cache.ts";
import { TurnTakingSqliteDialect } from "./turn-taking-sqlite-dialect.ts";
import { createWriteTurns, type WriteTurns } from "./write-turns.ts";

/** How much of the SQLite file reads see mapped rather than copied in a read call per page. */
const MMAP_BYTES = 256 * 1024 * 1024;

export type DatabaseKind = DatabaseConfig["kind"];

export interface AppDatabase {
  kind: DatabaseKind;
  db: Kysely<Database>;
  /**
   * The SQLite connection under Kysely, for the one query on every cached read (stock-version.ts):
   * Kysely's SQLite driver prepares each statement anew, which costs more than the query itself.
   */
  sqlite?: SQLite.Database;
  /**
   * SQLite: the server's writes take turns with a CSV import's process, which writes on a
   * connection of its own (write-turns.ts).
   */
  turns?: WriteTurns;
  /** PostgreSQL: the pool's connections, for the metrics (metrics/app-metrics.ts). */
  pool?: Pick<pg.Pool, "totalCount" | "idleCount" | "waitingCount">;
  /**
   * Gives back the memory a burst of reads (a CSV import's ledger entries, read once by the live
   * feed) left behind: on SQLite, the page cache's spare pages and the file's mapped pages, which
   * count as the server's memory until unmapped. Reads map again the pages they touch.
   */
  releaseMemory(): void;
}

// PostgreSQL's int8 (counts) as a JS number: our counts never get near 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * `onQuery` is told of every query Kysely runs, with its duration (the metrics); without it,
 * Kysely times nothing.
 */
export function openDatabase(
  config: DatabaseConfig,
  log: FastifyBaseLogger,
  onQuery?: Logger,
): AppDatabase {
  if (config.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.connectionString, max: 10 });
    // An idle connection the server dropped (restart, failover): the pool discards it and opens
    // a new one on demand. Without a listener, Node would treat the event as fatal.
    pool.on("error", (error) => log.warn({ err: error }, "idle PostgreSQL connection lost"));
    // The pool listens only while a connection is idle. One lost while checked out between two
    // statements (a restart during a transaction) would emit an error nobody hears, which ends
    // the process; its query fails on its own, and the pool drops the connection when released.
    pool.on("connect", (client) =>
      client.on("error", (error) =>
        log.warn({ err: error }, "PostgreSQL connection lost while in use"),
      ),
    );
    return {
      kind: "postgres",
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: onQuery }),
      pool,
      releaseMemory: () => undefined,
    };
  }
  ensurePrivateDir(path.dirname(config.file));
  // Only the server's user may read the stock and the accounts. SQLite gives its -wal and -shm
  // files the database file's mode, so creating that one 600 (or tightening it) covers all three.
  closeSync(openSync(config.file, "a", 0o600));
  for (const file of [config.file, `${config.file}-wal`, `${config.file}-shm`]) keepPrivate(file);
  const sqlite = new SQLite(config.file);
  // WAL lets readers carry on while a write commits; the busy timeout covers a second process,
  // from the first statement on: switching a new file to WAL waits for one starting beside it.
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  // Reads of a large stock (its search index) from memory: a 64 MiB page cache instead of 2 MiB,
  // and the file mapped (256 MiB) instead of copied in a read call per page.
  sqlite.pragma("cache_size = -65536");
  sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
  const turns = createWriteTurns();
  return {
    kind: "sqlite",
    db: new Kysely<Database>({
      dialect: new TurnTakingSqliteDialect({ database: withStatementCache(sqlite) }, turns),
      log: onQuery,
    }),
    sqlite,
    turns,
    releaseMemory() {
      sqlite.pragma("shrink_memory");
      // A new limit unmaps the file and maps it again, untouched: no page is resident until read.
      sqlite.pragma("mmap_size = 0");
      sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
    },
  };
}

export async function isDatabaseReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
