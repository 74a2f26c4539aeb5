import type { StockSort, StockStatus, SupplierList } from "@ultimate-bikes/contract/stock";
import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type Selection,
  type SqlBool,
} from "kysely";
import type { AppDatabase } from "../db/database.ts";
import { toIsoTimestamp, type BikeTable, type Database } from "../db/schema.ts";
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from "../db/search-folding.ts";
import { bikeColumns, toBike, type BikeFields } from "./bike-rows.ts";
import { parseSort, type Position, type SortField } from "./stock-cursor.ts";

/**
 * The relevance order's ranks, best first (`sort=relevance`): the name is the search's words
 * (`exact`), the name starts with them (`start`), the words are elsewhere (`rest`). Each rank is
 * one search of its own in the name order, so a page is found the way any name-sorted page is
 * (see SearchPlan), and a cursor holds the rank beside the name (stock-cursor.ts).
 */
export const RELEVANCE_RANKS = ["exact", "start", "rest"] as const;
export type RelevanceRank = (typeof RELEVANCE_RANKS)[number];

/** A name as the name sorts compare it: ignoring case (issue 21), as bike_name_folded_idx holds it. */
const nameSortKey = sql<string>`lower(bike.name)`;

/** What a search keeps; every filter given must hold. */
export interface StockFilters {
  /** Folded search words (db/search-folding.ts), each the start of a word somewhere in the bike. */
  words: string[];
  supplier?: string | undefined;
  status?: StockStatus | undefined;
  ownerId?: string | undefined;
  /** Only bikes with units at this place (`bike_stock.quantity > 0`). */
  placeId?: string | undefined;
  /** The bike with this stock number (a search for `UB-00042`), instead of any words. */
  stockNumber?: number | undefined;
  /** Only the bikes of this rank of the relevance order (RELEVANCE_RANKS); with words only. */
  rank?: RankCondition | undefined;
  /** Not these bikes: on a relevance order's first page, those its ranks before showed. */
  shownIds?: string[] | undefined;
  /** Only these bikes: those of the units a search by number found. */
  bikeIds?: string[] | undefined;
}

/** A rank of the relevance order, or the first two together (names that start with the words). */
type RankCondition = RelevanceRank | "start-or-exact";

/** A bike as a search lists it, before the stock rules add its status. */
export type SearchedBike = BikeFields & {
  updatedAt: string;
  /** With a place filter: the bike's units at that place. */
  placeQuantity?: number;
};

export interface SearchPage {
  items: SearchedBike[];
  /** Where the page ended, when more bikes follow it. */
  last: Position | undefined;
  total: number;
}

const SORT_COLUMNS = {
  relevance: "name",
  name: "name",
  price: "price_cents",
  quantity: "quantity",
  updated: "updated_at",
  created: "created_at",
} as const satisfies Record<SortField, keyof BikeTable>;

type BikeFilter = ExpressionBuilder<Database, "bike">;

/**
 * Out and low stock repeat bike_restock_idx's condition word for word (migration 003): a planner
 * uses a partial index only for a query that states its condition.
 */
const atOrBelowReorderPoint = sql<SqlBool>`quantity <= reorder_point`;

/** `stockStatusOf` (packages/contract/src/stock.ts), in SQL. */
const STATUS_CONDITIONS: Record<StockStatus, (eb: BikeFilter) => Expression<SqlBool>> = {
  out: (eb) => eb.and([atOrBelowReorderPoint, eb("bike.quantity", "=", 0)]),
  low: (eb) => eb.and([atOrBelowReorderPoint, eb("bike.quantity", ">", 0)]),
  in: (eb) => eb("bike.quantity", ">", eb.ref("bike.reorder_point")),
};

/**
 * From this many matches a search is broad: its page is best found by walking the sort's index
 * and keeping the bikes that match, which soon fills it. A narrower search is best done the other
 * way round: collect its few matches, then sort only those. Neither planner can tell the two
 * apart for a prefix search, and each picks the wrong way for one of them (docs/decisions/009);
 * the count, which every page needs anyway, says which it is. On SQLite the line moved from 1000
 * to 3000 with the best match order (issue 21), whose ranks are each a search, and with matches
 * collected from bike_search_key_idx (migration 022): measured at 100,000 bikes over the searches
 * as typed (bench/lib/typing-search.ts), the p95 went from 42 to 20 ms of CPU time, and from 16.8
 * to 9.8 ms at a showroom. PostgreSQL's was not measured again.
 */
const BROAD_SEARCH: Record<AppDatabase["kind"], number> = { sqlite: 3000, postgres: 1000 };

/**
 * From this share of all bikes a one-word search is dense. Measured at 100,000 bikes: a first
 * letter matching 67% of them found its page in 1 ms this way against 16 ms by collecting the
 * matches; a rarer word (1% of bikes) took 181 ms this way against 0.3 ms.
 */
const DENSE_SHARE = 0.3;

/** How long a place's count of bikes serves the choice of plan (bikesHeldAt). */
const HELD_COUNT_KEPT_MS = 60_000;

/** The longest prefix the SQLite search index keeps a table for (`prefix = '1 2 3 4'`). */
const PREFIX_INDEXED = 4;

/** Where the plans change, for the test that every plan finds the same pages. */
export interface SearchPlanLimits {
  broadSearch?: number;
  denseShare?: number;
}

/**
 * FTS5's query for words that must all start a word of the bike's name, supplier or description,
 * quoted (see textMatch): never of its place words (migration 021).
 */
const ftsQuery = (words: string[]) =>
  `{name supplier_name des} : (${words.map((word) => `"${word}"*`).join(" ")})`;

/** FTS5's query for a name whose first words are these, each (`*`) or the last only as a start. */
const nameStartQuery = (words: string[], prefixes: boolean) =>
  `name : ^ ${words.map((word) => `"${word}"${prefixes ? "*" : ""}`).join(" + ")}`;

/** FTS5's query for a rank of the relevance order; `exact` also needs the name's word count (textMatch). */
function rankQuery(words: string[], rank: RankCondition | undefined) {
  if (rank === "exact") return nameStartQuery(words, false);
  if (rank === "start" || rank === "start-or-exact") return nameStartQuery(words, true);
  if (rank === "rest") return `(${ftsQuery(words)}) NOT (${nameStartQuery(words, true)})`;
  return ftsQuery(words);
}

/**
 * The same, at a place when one is asked for: the place's word of the search index (migration
 * 021), a place id being a UUID, so only hex digits reach the query.
 */
function rankFtsQuery(
  words: string[],
  rank: RankCondition | undefined,
  placeId: string | undefined,
) {
  const query = rankQuery(words, rank);
  if (placeId === undefined) return query;
  return `(${query}) AND place_keys : "${placeWord(placeId)}"`;
}

/** A place's word in the search index and in `bike.place_keys` (migration 021): only hex digits. */
const placeWord = (placeId: string) => `p${placeId.replaceAll("-", "").replace(/[^0-9a-f]/gi, "")}`;

/**
 * The start of a row's `bike_search_docsize` entry when its name (the index's first column) has
 * `count` words: FTS5 keeps each column's word count there as a varint (7 bits a byte, the high
 * bit set on every byte but the last), the name's first. A name that starts with the search's
 * very words and has no more is exactly them, told from the index alone: at 100,000 bikes, "moto"
 * at a showroom (2,000 names start with it) took 5.5 ms when each name was split again in
 * JavaScript, read from its row.
 */
function nameWordCount(count: number) {
  const bytes = count < 128 ? [count] : [0x80 | (count >> 7), count & 0x7f];
  return Buffer.from(bytes);
}

/** PostgreSQL: the name, folded as its search column is (search-folding.ts). */
const nameAsSearched = sql<string>`translate(bike.name, ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO})`;

/** PostgreSQL's condition for a rank: the folded name's words, as SQLite's `^` phrase finds them. */
function postgresRank(words: string[], rank: RankCondition) {
  const start = `^\\s*${words.join("\\S*\\s+")}`;
  const exact = `^\\s*${words.join("\\s+")}\\s*$`;
  if (rank === "exact") return sql<SqlBool>`${nameAsSearched} ~ ${exact}`;
  if (rank === "start-or-exact") return sql<SqlBool>`${nameAsSearched} ~ ${start}`;
  if (rank === "start")
    return sql<SqlBool>`(${nameAsSearched} ~ ${start} and ${nameAsSearched} !~ ${exact})`;
  return sql<SqlBool>`${nameAsSearched} !~ ${start}`;
}

/**
 * The bikes with units at a place, from bike_stock_place_idx (migration 020). Its condition is
 * written out, not bound, as a planner uses a partial index only for a query that states it.
 * A set, not a join, so the search's plan (SearchPlan) still picks how to walk `bike`: on SQLite
 * a unary plus keeps a broad search from starting at the set's bikes, as for the words (a place
 * holds thousands of bikes: walking the sort's index fills a page sooner than sorting them all).
 */
function atPlace(kind: AppDatabase["kind"], placeId: string, plan: SearchPlan) {
  const key = kind === "sqlite" && plan !== "narrow" ? sql`+bike.id` : sql`bike.id`;
  return sql<SqlBool>`${key} in (select bike_stock.bike_id from bike_stock where bike_stock.place_id = ${placeId} and quantity > 0)`;
}

/**
 * How a text search finds its page (docs/decisions/009):
 * - `narrow`: collect the few matches, then sort them;
 * - `broad`: walk the sort's index and keep the bikes among the matches, collected once;
 * - `dense` (SQLite, short words that many bikes have, like a first letter typed): walk the
 *   sort's index and ask the search index about each bike. Collecting tens of thousands of
 *   matches first would cost more than the page; asking about a bike costs little only when each
 *   word has a prefix table, so it is kept for words of at most PREFIX_INDEXED letters. Measured
 *   at 100,000 bikes: "m b" (72% of the bikes) 1.1 ms this way against 10.3 ms broad, "moto g"
 *   (32%) 2.7 against 5.9 ms.
 */
type SearchPlan = "narrow" | "broad" | "dense";

/**
 * Every word as a prefix, all of them required. The words hold only letters, digits and marks
 * (searchWords), so no quote or operator of either query syntax can reach it; quoting each word
 * still keeps FTS5's keywords (AND, OR, NOT, NEAR) plain words.
 */
function textMatch(
  kind: AppDatabase["kind"],
  words: string[],
  plan: SearchPlan,
  rank?: RankCondition,
  placeId?: string,
): Expression<SqlBool> {
  if (kind === "postgres") {
    const query = words.map((word) => `'${word}':*`).join(" & ");
    const matched = sql<SqlBool>`bike.search_vector @@ to_tsquery('simple', ${query})`;
    return rank ? sql<SqlBool>`(${matched} and ${postgresRank(words, rank)})` : matched;
  }
  // The few names that are the very words: those that start with them and have no more.
  const wordCount = nameWordCount(words.length);
  const exactKeys = sql`(select docsize.id from bike_search_docsize as docsize where docsize.id in (select rowid from bike_search where bike_search match ${rankFtsQuery(words, "exact", placeId)}) and substr(docsize.sz, 1, ${wordCount.length}) = ${wordCount})`;
  if (rank === "exact") return sql<SqlBool>`bike.search_rowid in ${exactKeys}`;
  if (rank === "start") {
    return sql<SqlBool>`(${textMatch(kind, words, plan, "start-or-exact", placeId)} and bike.search_rowid not in ${exactKeys})`;
  }
  if (plan === "dense") {
    // At a place, the bike's own place words (kept beside its index entry, migration 021) skip
    // the bikes held elsewhere before the index is asked: at 100,000 bikes, a first letter typed
    // at a showroom found its page in 2-3 ms instead of 6-7 ms by collecting the matches there.
    const probe = sql<SqlBool>`exists (select 1 from bike_search where bike_search match ${rankQuery(words, rank)} and bike_search.rowid = bike.search_rowid)`;
    if (placeId === undefined) return probe;
    return sql<SqlBool>`(instr(bike.place_keys, ${placeWord(placeId)}) > 0 and ${probe})`;
  }
  const query = rankFtsQuery(words, rank, placeId);
  // A unary plus keeps SQLite from starting at the matches' keys, so it walks the sort's index.
  const key = plan === "broad" ? sql`+bike.search_rowid` : sql`bike.search_rowid`;
  return sql<SqlBool>`${key} in (select rowid from bike_search where bike_search match ${query})`;
}

/**
 * Searching, filtering and keyset paging of the stock (docs/decisions/009): the SQL behind
 * `GET /api/stock` and `GET /api/suppliers`. `publicUrl` makes photo paths absolute
 * (bike-rows.ts). `broadSearch` moves the line between broad and narrow searches, for the test
 * that both ways find the same pages.
 */
export function createStockSearch(
  { kind, db }: AppDatabase,
  publicUrl: string,
  { broadSearch = BROAD_SEARCH[kind], denseShare = DENSE_SHARE }: SearchPlanLimits = {},
) {
  const matching = (filters: StockFilters, plan: SearchPlan) => (eb: BikeFilter) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.stockNumber !== undefined) {
      conditions.push(eb("bike.stock_number", "=", filters.stockNumber));
    }
    // On SQLite a place with words is a term of the full-text query (migration 021).
    const placeInText = kind === "sqlite" && filters.words.length > 0;
    if (filters.words.length) {
      const placeId = placeInText ? filters.placeId : undefined;
      conditions.push(textMatch(kind, filters.words, plan, filters.rank, placeId));
    }
    if (filters.supplier !== undefined) {
      conditions.push(eb("bike.supplier_name", "=", filters.supplier));
    }
    if (filters.shownIds?.length) conditions.push(eb("bike.id", "not in", filters.shownIds));
    if (filters.bikeIds) conditions.push(eb("bike.id", "in", filters.bikeIds));
    if (filters.status) conditions.push(STATUS_CONDITIONS[filters.status](eb));
    if (filters.ownerId !== undefined) conditions.push(eb("bike.owner_id", "=", filters.ownerId));
    if (filters.placeId !== undefined && !placeInText) {
      conditions.push(atPlace(kind, filters.placeId, plan));
    }
    return eb.and(conditions);
  };

  /**
   * How many bikes a place holds, as a plan needs it: a hint, so a figure up to a minute old
   * will do (a stale one can pick a slower plan, never other bikes). Counting them took about
   * 1 ms of a broad search at a showroom at 100,000 bikes.
   */
  const heldAt = new Map<string, { bikes: number; countedAt: number }>();
  async function bikesHeldAt(placeId: string) {
    const known = heldAt.get(placeId);
    if (known && performance.now() - known.countedAt < HELD_COUNT_KEPT_MS) return known.bikes;
    const { rows } = await sql<{ held: number }>`
      select count(*) as held from bike_search
      where bike_search match ${`place_keys : "${placeWord(placeId)}"`}`.execute(db);
    const bikes = Number(rows[0]!.held);
    heldAt.set(placeId, { bikes, countedAt: performance.now() });
    return bikes;
  }

  /** The plan for a search with `total` matches (see SearchPlan). */
  async function planFor(filters: StockFilters, total: number): Promise<SearchPlan> {
    if (total < broadSearch) return "narrow";
    // Words short enough for the index's prefix tables (migrations 003, 006 and 016): for a
    // longer one, each bike asked about makes the index gather every word it starts.
    const indexed = filters.words.every((word) => word.length <= PREFIX_INDEXED);
    if (kind !== "sqlite" || filters.words.length === 0 || !indexed) return "broad";
    // At a place, dense is a share of the bikes there: the walk skips the others by their own
    // row (textMatch), so a search that matches most of a showroom's bikes is dense there.
    if (filters.placeId !== undefined) {
      return total >= denseShare * (await bikesHeldAt(filters.placeId)) ? "dense" : "broad";
    }
    // The highest search key is the count of bikes ever added: as good as their count for a
    // choice of plan, and one step down an index instead of a count.
    const { rows } = await sql<{ added: number | null }>`
      select max(search_rowid) as added from bike`.execute(db);
    return total >= denseShare * Number(rows[0]?.added ?? 0) ? "dense" : "broad";
  }

  /**
   * Whether the search is a rank of the relevance order whose bikes are best collected whatever
   * their count (the narrow plan), so it needs none. The exact name is a few bikes. Names that
   * start with the words lie together in the name order, so walking it passes every name before
   * them: measured at 100,000 bikes over the typed searches (bench/lib/typing-search.ts), p95
   * 150 ms walking against 80 ms collecting.
   */
  /** A bike as a sorted page reads it: its columns, timestamps and name key. */
  const sortedColumns = [
    ...bikeColumns,
    "bike.updated_at",
    "bike.created_at",
    nameSortKey.as("name_key"),
  ] as const;
  type SortedRow = Selection<Database, "bike", (typeof sortedColumns)[number]>;

  /** Whether every condition of the search is in bike_search_key_idx: only words (and a place). */
  const keyedByIndex = (filters: StockFilters) =>
    filters.words.length > 0 &&
    filters.supplier === undefined &&
    !filters.status &&
    filters.ownerId === undefined &&
    filters.stockNumber === undefined;

  const collectedRank = (filters: StockFilters) =>
    filters.words.length > 0 && filters.rank !== undefined && filters.rank !== "rest";

  async function count(filters: StockFilters): Promise<number> {
    // A place is in the full-text query on SQLite (migration 021).
    const wordsOnly =
      filters.supplier === undefined && !filters.status && filters.ownerId === undefined;
    if (kind === "sqlite" && filters.words.length > 0 && wordsOnly && filters.rank !== "exact") {
      // The index holds one row per bike (migration 003's triggers), so its matches are the
      // count, without looking up each matching bike: at 100,000 bikes, a two-letter search
      // counted in 0.5 ms instead of 4.4 ms.
      const { rows } = await sql<{ total: number }>`
        select count(*) as total from bike_search where bike_search match ${rankFtsQuery(filters.words, filters.rank, filters.placeId)}`.execute(
        db,
      );
      return Number(rows[0]!.total);
    }
    const counted = await db
      .selectFrom("bike")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where(matching(filters, "narrow"))
      .executeTakeFirstOrThrow();
    return Number(counted.total);
  }

  /**
   * Up to `limit` bikes after `after` in the sort's order, whether more follow, and where the
   * page ends. `counted`: how many bikes match, when already known.
   */
  async function sortedPage(
    filters: StockFilters,
    sort: StockSort,
    limit: number,
    after: Position | undefined,
    counted?: number,
  ) {
    const { field, descending } = parseSort(sort);
    const column = `bike.${SORT_COLUMNS[field]}` as const;
    const direction = descending ? "desc" : "asc";
    // Names sort ignoring case (issue 21), by the key bike_name_folded_idx holds (migration 018).
    const byName = SORT_COLUMNS[field] === "name";
    const total = counted ?? (collectedRank(filters) ? undefined : await count(filters));
    const plan = total === undefined ? "narrow" : await planFor(filters, total);
    if (kind === "sqlite" && plan === "narrow" && byName && keyedByIndex(filters)) {
      return pageOf(await keyedNamePage(filters, plan, descending, limit, after));
    }
    const matches = db
      .selectFrom("bike")
      .select(sortedColumns)
      .where(matching(filters, plan))
      .$if(after !== undefined, (query) =>
        query.where((eb) =>
          byName
            ? sql<SqlBool>`(${nameSortKey}, bike.id) ${sql.raw(descending ? "<" : ">")} (${after!.key}, ${after!.id})`
            : eb(
                eb.refTuple(column, "bike.id"),
                descending ? "<" : ">",
                eb.tuple(after!.key, after!.id),
              ),
        ),
      )
      // OFFSET 0 keeps PostgreSQL from merging this into the sorted query: it collects the
      // matches of a narrow search first (see BROAD_SEARCH).
      .$if(kind === "postgres" && filters.words.length > 0 && plan === "narrow", (query) =>
        query.offset(0),
      );
    const rows = await db
      .selectFrom(matches.as("bike"))
      .selectAll()
      .orderBy(byName ? "bike.name_key" : column, direction)
      .orderBy("bike.id", direction)
      // One more than shown says whether another page follows.
      .limit(limit + 1)
      .execute();

    return pageOf(rows);

    function pageOf(rows: SortedRow[]) {
      const shown = rows.slice(0, limit);
      const end = shown.at(-1);
      const keyOf = (row: SortedRow) => {
        const key = byName ? row.name_key : row[SORT_COLUMNS[field]];
        return typeof key === "number" || typeof key === "string" ? key : toIsoTimestamp(key);
      };
      return {
        items: shown.map((row) => ({
          ...toBike(row, publicUrl),
          updatedAt: toIsoTimestamp(row.updated_at),
        })),
        end: end && { key: keyOf(end), id: end.id },
        more: rows.length > limit,
        // Only a rank of the relevance order goes uncounted, and its total is not asked for.
        total: total ?? shown.length,
      };
    }
  }

  /**
   * SQLite, a narrow search by name with only words (and a place, which is a word too): the
   * page's keys first, from bike_search_key_idx (migration 022), which holds each match's name
   * key beside its search key, so collecting thousands of matches reads one small index entry
   * each instead of the index and then the bike's whole row; then only the page's rows. At
   * 100,000 bikes the 3,129 names starting with "h" at a showroom: 9.9 ms -> 5.9 ms.
   */
  async function keyedNamePage(
    filters: StockFilters,
    plan: SearchPlan,
    descending: boolean,
    limit: number,
    after: Position | undefined,
  ): Promise<SortedRow[]> {
    const direction = sql.raw(descending ? "desc" : "asc");
    const condition = matching(filters, plan)(expressionBuilder<Database, "bike">());
    const afterCursor = after
      ? sql`and (${nameSortKey}, bike.id) ${sql.raw(descending ? "<" : ">")} (${after.key}, ${after.id})`
      : sql``;
    const keys = sql`select bike.id from bike indexed by bike_search_key_idx
      where ${condition} ${afterCursor}
      order by ${nameSortKey} ${direction}, bike.id ${direction} limit ${limit + 1}`;
    return db
      .selectFrom("bike")
      .select(sortedColumns)
      .where(sql<SqlBool>`bike.id in (${keys})`)
      .orderBy("name_key", descending ? "desc" : "asc")
      .orderBy("bike.id", descending ? "desc" : "asc")
      .execute();
  }

  /**
   * A page of the relevance order: each rank (RELEVANCE_RANKS) from the cursor's on, by name,
   * until the page is full. Without words every bike is of the last rank.
   */
  async function relevancePage(
    filters: StockFilters,
    limit: number,
    after: Position | undefined,
  ): Promise<SearchPage> {
    const total = await count(filters);
    const lastRank = RELEVANCE_RANKS.length - 1;
    const items: SearchedBike[] = [];
    let end: Position | undefined;
    /**
     * How many bikes a rank has, when known without counting it. Without words every bike is of
     * the last rank. A first page that reaches the last rank has shown every bike of the others
     * (each said no more followed), so the rest are the others: at 100,000 bikes, counting them
     * took a quarter of a search's time at a place. Under the broad line every rank is narrow
     * too, whatever its count; otherwise the rank counts itself (sortedPage).
     */
    const countOf = (rank: number) => {
      if (filters.words.length === 0) return total;
      if (rank === lastRank && after === undefined) return total - items.length;
      return total < broadSearch ? total : undefined;
    };
    /**
     * A rank on a first page. The ranks before it showed all their bikes (each said no more
     * followed), so their ids set it apart from them, instead of its own condition, which asks
     * the search index about the ranks before again: at 100,000 bikes, "street t" at a showroom
     * (no name starts with it) found its page in 4.6 ms instead of 7.4 ms.
     */
    const firstPageRank = (rank: number): StockFilters => {
      if (rank === 0 || filters.words.length === 0)
        return { ...filters, rank: RELEVANCE_RANKS[rank] };
      const shownIds = items.map((bike) => bike._id);
      return { ...filters, rank: rank < lastRank ? "start-or-exact" : undefined, shownIds };
    };
    for (let rank = after?.rank ?? 0; rank <= lastRank; rank++) {
      if (filters.words.length === 0 && rank < lastRank) continue;
      // A page that one rank filled asks the next for nothing: only whether it has a bike.
      const part = await sortedPage(
        after === undefined ? firstPageRank(rank) : { ...filters, rank: RELEVANCE_RANKS[rank] },
        "relevance",
        limit - items.length,
        rank === after?.rank ? after : undefined,
        countOf(rank),
      );
      items.push(...part.items);
      if (part.end) end = { rank, ...part.end };
      if (part.more) return { items, last: end, total };
    }
    return { items, last: undefined, total };
  }

  /**
   * Each bike's units at the filter's place, looked up for the page's few bikes only (by
   * bike_stock's key): inside the search it would be read for every match a narrow plan collects.
   */
  async function withPlaceQuantities(page: SearchPage, placeId: string): Promise<SearchPage> {
    if (page.items.length === 0) return page;
    const rows = await db
      .selectFrom("bike_stock")
      .select(["bike_id", "quantity"])
      .where("place_id", "=", placeId)
      .where(
        "bike_id",
        "in",
        page.items.map((bike) => bike._id),
      )
      .execute();
    const units = new Map(rows.map((row) => [row.bike_id, row.quantity]));
    return {
      ...page,
      items: page.items.map((bike) => ({ ...bike, placeQuantity: units.get(bike._id) ?? 0 })),
    };
  }

  async function unplacedPage(
    filters: StockFilters,
    sort: StockSort,
    limit: number,
    after: Position | undefined,
  ): Promise<SearchPage> {
    if (sort === "relevance") return relevancePage(filters, limit, after);
    const page = await sortedPage(filters, sort, limit, after);
    return { items: page.items, last: page.more ? page.end : undefined, total: page.total };
  }

  return {
    /**
     * Up to `limit` bikes after `after` in the sort's order (its key, then the id), and how many
     * match in all. Never OFFSET: the next page starts strictly after the last row shown, so rows
     * added or removed meanwhile cannot shift a bike onto a second page or off every page.
     * With a place filter, each bike says its units there.
     */
    async page(
      filters: StockFilters,
      sort: StockSort,
      limit: number,
      after: Position | undefined,
    ): Promise<SearchPage> {
      const page = await unplacedPage(filters, sort, limit, after);
      return filters.placeId === undefined ? page : withPlaceQuantities(page, filters.placeId);
    },

    /** The bikes a search keeps, as a condition on `bike` (the CSV export's filter). */
    condition: (filters: StockFilters) => matching(filters, "narrow"),

    /** Every supplier with how many bikes it supplies, by name. */
    async suppliers(): Promise<SupplierList> {
      const rows = await db
        .selectFrom("bike")
        .select((eb) => ["bike.supplier_name", eb.fn.countAll<number>().as("bike_count")])
        .groupBy("bike.supplier_name")
        .orderBy("bike.supplier_name")
        .execute();
      return rows.map((row) => ({ name: row.supplier_name, bikeCount: Number(row.bike_count) }));
    },
  };
}

export type StockSearch = ReturnType<typeof createStockSearch>;
