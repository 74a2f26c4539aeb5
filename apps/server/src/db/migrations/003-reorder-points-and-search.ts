import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from "../search-folding.ts";

/**
 * A reorder point per bike, and what `GET /api/stock` needs to stay fast at 100,000 bikes: one
 * index per sort (its key, then the id that breaks ties) and a full-text index over name,
 * supplier and description on each database (docs/decisions/009).
 */
export function addReorderPointsAndSearch(kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      // The migrator runs each migration in a transaction on PostgreSQL but not on SQLite, where
      // a half-done one would stop every later start: so SQLite gets its own.
      if (kind === "postgres") await addAll(db, kind);
      else await db.transaction().execute((trx) => addAll(trx, kind));
    },
  };
}

async function addAll(db: Kysely<unknown>, kind: DatabaseKind) {
  // 3 is DEFAULT_REORDER_POINT as it was when this shipped; new bikes always get one written.
  await db.schema
    .alterTable("bike")
    .addColumn("reorder_point", "integer", (column) =>
      column
        .notNull()
        .defaultTo(3)
        .check(sql`reorder_point >= 0`),
    )
    .execute();

  const sortIndexes: [string, string[]][] = [
    ["bike_name_idx", ["name", "id"]],
    ["bike_price_idx", ["price_cents", "id"]],
    // The in-stock filter sorted by quantity first passes every out and low bike: with the
    // reorder point in the index, it skips them without reading their rows.
    ["bike_quantity_idx", ["quantity", "id", "reorder_point"]],
    ["bike_updated_at_idx", ["updated_at", "id"]],
  ];
  for (const [name, columns] of sortIndexes) {
    await db.schema.createIndex(name).on("bike").columns(columns).execute();
  }
  // The supplier filter, sorted by name (the default), and the supplier list's counts.
  await db.schema
    .createIndex("bike_supplier_idx")
    .on("bike")
    .columns(["supplier_name", "name", "id"])
    .execute();
  // Out and low stock are the few bikes at or below their reorder point; the status filters
  // repeat this condition word for word so both planners pick the index.
  await db.schema
    .createIndex("bike_restock_idx")
    .on("bike")
    .column("quantity")
    .where(sql.ref("quantity"), "<=", sql.ref("reorder_point"))
    .execute();

  if (kind === "postgres") await createPostgresSearch(db);
  else await createSqliteSearch(db);
}

/**
 * A generated tsvector over the folded text (search-folding.ts) with a GIN index. `simple`
 * keeps every word as written: no stemming, no stop words, like SQLite's tokenizer.
 */
async function createPostgresSearch(db: Kysely<unknown>) {
  const folded = sql`translate(name || ' ' || supplier_name || ' ' || des, ${sql.lit(SEARCH_FOLD_FROM)}, ${sql.lit(SEARCH_FOLD_TO)})`;
  await sql`alter table bike add column search_vector tsvector generated always as (to_tsvector('simple'::regconfig, ${folded})) stored`.execute(
    db,
  );
  await sql`create index bike_search_idx on bike using gin (search_vector)`.execute(db);
}

/**
 * An external-content FTS5 table over `bike`, kept in step by triggers. FTS5 keys its rows by an
 * integer and a bike's rowid is not a stable one (VACUUM may renumber a table without an INTEGER
 * PRIMARY KEY), so each bike gets its own `search_rowid`, unique and indexed, which also makes
 * the join from a match back to its bike an integer lookup. Prefix indexes of 2 and 3 characters
 * keep the first letters typed into the search box fast.
 */
async function createSqliteSearch(db: Kysely<unknown>) {
  const columns = sql.raw("name, supplier_name, des");
  const removeOld = sql.raw(
    "insert into bike_search (bike_search, rowid, name, supplier_name, des) values ('delete', old.search_rowid, old.name, old.supplier_name, old.des)",
  );
  const statements = [
    sql`alter table bike add column search_rowid integer`,
    sql`update bike set search_rowid = rowid`,
    sql`create unique index bike_search_rowid_idx on bike (search_rowid)`,
    sql`create virtual table bike_search using fts5(${columns}, content = 'bike', content_rowid = 'search_rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`,
    sql`insert into bike_search (bike_search) values ('rebuild')`,
    // After the bike's highest key, never its rowid: after a VACUUM a rowid may be one in use.
    sql`create trigger bike_search_insert after insert on bike begin
      update bike set search_rowid = (select coalesce(max(search_rowid), 0) + 1 from bike) where id = new.id;
      insert into bike_search (rowid, ${columns}) select search_rowid, ${columns} from bike where id = new.id;
    end`,
    sql`create trigger bike_search_update after update of ${columns} on bike begin
      ${removeOld};
      insert into bike_search (rowid, ${columns}) values (new.search_rowid, new.name, new.supplier_name, new.des);
    end`,
    sql`create trigger bike_search_delete after delete on bike begin ${removeOld}; end`,
  ];
  for (const statement of statements) await statement.execute(db);
}
