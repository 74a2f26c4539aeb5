import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/**
 * SQLite: each bike's search key beside its name key and id, so a search that collects its
 * matches (a narrow one, or a rank of the best match order) sorts them by name from this small
 * index alone, reading only the page's rows (bikes/stock-search.ts, keyedNamePage). An index
 * only: the previous release reads and writes as before (docs/decisions/029).
 * PostgreSQL's search collects its matches by its own index: nothing to add there.
 */
export function addSearchKeyIndex(kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== "sqlite") return;
      await sql`create index bike_search_key_idx on bike (search_rowid, lower(name), id)`.execute(
        db,
      );
    },
  };
}
