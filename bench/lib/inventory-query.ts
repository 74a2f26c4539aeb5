import { STOCK_PAGE_DEFAULT } from "@ultimate-bikes/contract/stock";

/**
 * `GET /api/stock` as Inventory asks for it: oldest first, one page of STOCK_PAGE_DEFAULT bikes
 * (apps/web/src/features/bikes/inventory-page.tsx and stock-view.ts), narrowed by `filters`.
 */
export function inventoryStockPath(filters: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    ...filters,
    sort: "created",
    limit: `${STOCK_PAGE_DEFAULT}`,
  });
  return `/api/stock?${query}`;
}
