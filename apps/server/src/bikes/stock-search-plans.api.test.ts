import { STOCK_SORTS, type StockSort } from "@ultimate-bikes/contract/stock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBike } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { openDatabase, type AppDatabase } from "../db/database.ts";
import { MAIN_WAREHOUSE_ID } from "../db/main-warehouse.ts";
import { searchWords } from "../db/search-folding.ts";
import { createStockSearch, type StockFilters, type StockSearch } from "./stock-search.ts";

/**
 * A search finds its page one of two ways, by how many bikes it matches (BROAD_SEARCH in
 * stock-search.ts). The API tests' small stock only ever takes the narrow way, so this file asks
 * the same searches both ways, straight from the test app's database, and wants the same pages.
 */
describe(`narrow, broad and dense searches on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["owner"] });
  let database: AppDatabase;
  let broad: StockSearch;
  let narrow: StockSearch;
  let dense: StockSearch;

  beforeAll(async () => {
    for (const [name, quantity] of [
      ["Ducati Scrambler Icon", 0],
      ["Ducati Scrambler Nightshift", 2],
      ["Moto Morini Seiemmezzo", 8],
      // An exact name for the relevance order's first rank, and one with the words elsewhere.
      ["Ducati Scrambler", 4],
      ["Classic Ducati Scrambler", 1],
    ] as const) {
      await addBike(test.app, test.users.owner, { name, quantity, supplierName: "Scramble Ltd." });
    }
    database = openDatabase(test.config.database, test.app.log);
    broad = createStockSearch(database, test.config.publicUrl, {
      broadSearch: 0,
      denseShare: Number.POSITIVE_INFINITY,
    });
    dense = createStockSearch(database, test.config.publicUrl, { broadSearch: 0, denseShare: 0 });
    narrow = createStockSearch(database, test.config.publicUrl, {
      broadSearch: Number.POSITIVE_INFINITY,
    });
  });
  afterAll(() => database?.db.destroy());

  async function allPages(search: StockSearch, filters: StockFilters, sort: StockSort) {
    const pages = [await search.page(filters, sort, 4, undefined)];
    for (let last = pages[0]!.last; last; last = pages.at(-1)!.last) {
      pages.push(await search.page(filters, sort, 4, last));
    }
    return pages.map((page) => ({ ids: page.items.map((item) => item._id), total: page.total }));
  }

  const searches: [string, Omit<StockFilters, "words">][] = [
    ["d", {}],
    ["s", { status: "in" }],
    ["ducati scr", {}],
    ["ducati scrambler", {}],
    // Short words only: each has a prefix table, so the dense plan takes them too.
    ["duca", {}],
    ["du s", {}],
    ["mo", { supplier: "Scramble Ltd." }],
    ["a", { status: "low" }],
    // No words at all: every plan must still work when only the count makes a search broad.
    ["", {}],
    ["", { status: "in" }],
    // At a place (issue 23): the bikes added here hold their units at the main warehouse.
    ["d", { placeId: MAIN_WAREHOUSE_ID }],
    ["", { placeId: MAIN_WAREHOUSE_ID }],
    ["", { placeId: MAIN_WAREHOUSE_ID, status: "low" }],
  ];

  it.each(searches)("pages q=%j %j the same every way, in every sort", async (q, filters) => {
    const words = searchWords(q);
    for (const sort of STOCK_SORTS) {
      const expected = await allPages(narrow, { ...filters, words }, sort);
      expect(expected[0]!.total).toBeGreaterThan(0);
      expect(await allPages(broad, { ...filters, words }, sort)).toEqual(expected);
      expect(await allPages(dense, { ...filters, words }, sort)).toEqual(expected);
    }
  });
});
