import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/**
 * SQLite's search index keeps four-letter prefixes too (docs/decisions/009), for the fourth
 * letter typed: measured at 100,000 bikes, "moto" (55% of the bikes) took 5.6 ms to find its
 * page by collecting its matches, and 0.8 ms by asking the index about each bike in the sort's
 * order, which only a prefix table makes cheap (bikes/stock-search.ts, the dense plan). The index
 * grows by about 8%; it is rebuilt from the bikes, as in migration 006.
 */
export function addFourLetterSearchPrefixes(kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== "sqlite") return;
      await db.transaction().execute(async (trx) => {
        await sql`drop table bike_search`.execute(trx);
        await sql`create virtual table bike_search using fts5(name, supplier_name, des, content = 'bike', content_rowid = 'search_rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4')`.execute(
          trx,
        );
        await sql`insert into bike_search (bike_search) values ('rebuild')`.execute(trx);
      });
    },
  };
}
