import type { StockQueryInput, StockSort, StockStatus } from "@ultimate-bikes/contract/stock";

/*
 * How a stock list's view becomes its `GET /api/stock` request, apart from stock-view.ts (which
 * reads the address with the contract's schemas): the screens' descriptors name the first of
 * those requests for the first-visit hints, and they are part of the shell (docs/decisions/016).
 */

/**
 * What a stock list shows, kept in the URL (`/inventory?q=…&status=low&sort=-quantity`) so a
 * link, a reload or the Back button brings the same view back (docs/product.md, Inventory).
 */
export interface StockView {
  q: string;
  supplier: string;
  status: StockStatus | undefined;
  /** Only the bikes with units at this place (its id); "" for every place. */
  place: string;
  sort: StockSort;
  /** The `nextCursor` that led to this page; none on the first page. */
  cursor: string | undefined;
}

/** Oldest first, the order the stock has always been listed in (docs/product.md, Inventory). */
export const DEFAULT_STOCK_SORT: StockSort = "created";

/** Whether a search text holds a word (a letter or a digit), as the API decides it. */
export const hasSearchWords = (q: string) => /[\p{L}\p{N}]/u.test(q);

/** The sort a view has unless one is chosen: the best match first while searching for words. */
export const defaultSortFor = (q: string): StockSort =>
  hasSearchWords(q) ? "relevance" : DEFAULT_STOCK_SORT;

/** A list opened with no query string. */
export const FIRST_VIEW: StockView = {
  q: "",
  supplier: "",
  status: undefined,
  place: "",
  sort: DEFAULT_STOCK_SORT,
  cursor: undefined,
};

/**
 * Cards a page of Inventory: the API's own default page (the contract's STOCK_PAGE_DEFAULT, which
 * a test holds it to). Written out, because the contract's stock module brings zod and its
 * schemas, and this module is part of the shell.
 */
export const INVENTORY_PAGE_SIZE = 24;

/** Rows a page of Manage Inventory's work table: enough to work through, few enough to stay quick. */
export const MANAGE_PAGE_SIZE = 50;

/** The `GET /api/stock` query that shows a view, `limit` bikes a page. */
export const stockQueryOf = (view: StockView, limit: number): StockQueryInput => ({
  q: view.q || undefined,
  supplier: view.supplier || undefined,
  status: view.status,
  place: view.place || undefined,
  sort: view.sort,
  limit,
  cursor: view.cursor,
});
