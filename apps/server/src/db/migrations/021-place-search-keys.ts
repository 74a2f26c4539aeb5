import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/** A place as a word of SQLite's search index: `p` and its id's hex digits, one token. */
const placeKey = (placeId: string) => sql`'p' || replace(${sql.raw(placeId)}, '-', '')`;

/** The place words of a bike: one per place where it has units, in the places' id order. */
const placeKeysOf = (bikeId: string) => sql`(select coalesce(group_concat(place_key, ' '), '') from
  (select ${placeKey("bike_stock.place_id")} as place_key from bike_stock
    where bike_stock.bike_id = ${sql.raw(bikeId)} and bike_stock.quantity > 0
    order by bike_stock.place_id))`;

/**
 * A search at a place (issue 23), on SQLite: the search index also holds, for each bike, a word
 * per place where it has units (`bike.place_keys`), kept by triggers on `bike_stock` as the names
 * are by those on `bike`. A place is then one more term of the full-text query, intersected inside
 * the index as a second typed word is, instead of every match being looked up in `bike` and then
 * in `bike_stock` by text ids (docs/performance.md, "Places and transfers"). People's words only
 * ever match the name, supplier and description columns (bikes/stock-search.ts).
 * PostgreSQL keeps its set of the place's bikes: its search has no goal of this kind.
 */
export function addPlaceSearchKeys(kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== "sqlite") return;
      await db.transaction().execute(async (trx) => {
        for (const statement of statements()) await statement.execute(trx);
      });
    },
  };
}

function statements() {
  const columns = sql.raw("name, supplier_name, des, place_keys");
  const removeOld = sql.raw(
    "insert into bike_search (bike_search, rowid, name, supplier_name, des, place_keys) values ('delete', old.search_rowid, old.name, old.supplier_name, old.des, old.place_keys)",
  );
  const refreshPlaceKeys = (bikeId: string) =>
    sql`update bike set place_keys = ${placeKeysOf(bikeId)}
      where id = ${sql.raw(bikeId)} and place_keys <> ${placeKeysOf(bikeId)}`;
  return [
    sql`alter table bike add column place_keys text not null default ''`,
    sql`update bike set place_keys = ${placeKeysOf("bike.id")}`,
    sql`drop trigger bike_search_insert`,
    sql`drop trigger bike_search_update`,
    sql`drop trigger bike_search_delete`,
    sql`drop table bike_search`,
    sql`create virtual table bike_search using fts5(${columns}, content = 'bike', content_rowid = 'search_rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4')`,
    sql`insert into bike_search (bike_search) values ('rebuild')`,
    // As migration 003's, then the bike's places: a restored bike comes back to units at places
    // that its row, copied back, does not name yet.
    sql`create trigger bike_search_insert after insert on bike begin
      update bike set search_rowid = (select coalesce(max(search_rowid), 0) + 1 from bike) where id = new.id;
      insert into bike_search (rowid, ${columns}) select search_rowid, ${columns} from bike where id = new.id;
      ${refreshPlaceKeys("new.id")};
    end`,
    sql`create trigger bike_search_update after update of ${columns} on bike begin
      ${removeOld};
      insert into bike_search (rowid, ${columns}) values (new.search_rowid, new.name, new.supplier_name, new.des, new.place_keys);
    end`,
    sql`create trigger bike_search_delete after delete on bike begin ${removeOld}; end`,
    sql`create trigger bike_stock_insert_place_keys after insert on bike_stock begin
      ${refreshPlaceKeys("new.bike_id")};
    end`,
    sql`create trigger bike_stock_update_place_keys after update of quantity on bike_stock
      when (old.quantity > 0) <> (new.quantity > 0) begin
      ${refreshPlaceKeys("new.bike_id")};
    end`,
    sql`create trigger bike_stock_delete_place_keys after delete on bike_stock begin
      ${refreshPlaceKeys("old.bike_id")};
    end`,
  ];
}
