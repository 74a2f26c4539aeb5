import { hasSearchWords, STOCK_PAGE_DEFAULT } from "@ultimate-bikes/contract/stock";

/**
 * `GET /api/stock` as Inventory asks for it: the best match first while searching for words,
 * else oldest first, one page of STOCK_PAGE_DEFAULT bikes (apps/web/src/features/bikes/
 * inventory-page.tsx and stock-view.ts), narrowed by `filters`.
 */
export function inventoryStockPath(filters: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    ...filters,
    sort: hasSearchWords(filters.q) ? "relevance" : "created",
    limit: `${STOCK_PAGE_DEFAULT}`,
  });
  return `/api/stock?${query}`;
}
