import { CompiledQuery } from "kysely";
import type { AppDatabase } from "./database.ts";

const CURRENT_VERSION_SQL = "select version from stock_version where id = 1";
const currentVersion = CompiledQuery.raw(CURRENT_VERSION_SQL);

/**
 * The stock version (migration 004): database triggers move it with every write to a bike, by
 * any server sharing the database, and a write's new version becomes visible when its data does.
 * Every cached read asks for it, so on SQLite it is one statement prepared once and run directly
 * (measured: through Kysely, preparing it again on each read took about a third of a by-id read).
 */
export function createStockVersion({ db, sqlite }: AppDatabase) {
  let prepared: { get(): unknown } | undefined;
  return {
    async current(): Promise<number> {
      if (sqlite) {
        // Prepared on first use: the table exists only once the migrations have run.
        prepared ??= sqlite.prepare(CURRENT_VERSION_SQL).pluck();
        return Number(prepared.get());
      }
      // A number on both databases (database.ts parses PostgreSQL's bigint).
      const { rows } = await db.executeQuery<{ version: number }>(currentVersion);
      return rows[0]!.version;
    },
  };
}

export type StockVersion = ReturnType<typeof createStockVersion>;
