import { CompiledQuery, type Kysely } from "kysely";
import type { Database } from "./schema.ts";

const currentVersion = CompiledQuery.raw("select version from stock_version where id = 1");

/**
 * The stock version (migration 004): database triggers move it with every write to a bike, by
 * any server sharing the database, and a write's new version becomes visible when its data does.
 */
export function createStockVersion(db: Kysely<Database>) {
  return {
    async current(): Promise<number> {
      // A number on both databases (database.ts parses PostgreSQL's bigint).
      const { rows } = await db.executeQuery<{ version: number }>(currentVersion);
      return rows[0]!.version;
    },
  };
}

export type StockVersion = ReturnType<typeof createStockVersion>;
