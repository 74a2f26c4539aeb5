import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/**
 * SQLite's search index gets a prefix index of one character as well as two and three
 * (docs/decisions/009). Inventory searches as people type, so its first query is one letter, and
 * without that index FTS5 gathers the doclists of every word starting with it: measured at
 * 100,000 bikes, 4 to 20 ms for the match alone. The index is rebuilt from the bikes; the
 * triggers of migration 003 name the table, so they carry on writing to the new one.
 * PostgreSQL's GIN index answers prefix queries as they are.
 */
export function addOneLetterSearchPrefixes(kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== "sqlite") return;
      await db.transaction().execute(async (trx) => {
        await sql`drop table bike_search`.execute(trx);
        await sql`create virtual table bike_search using fts5(name, supplier_name, des, content = 'bike', content_rowid = 'search_rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')`.execute(
          trx,
        );
        await sql`insert into bike_search (bike_search) values ('rebuild')`.execute(trx);
      });
    },
  };
}
