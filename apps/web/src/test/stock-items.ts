import type { Bike } from "@ultimate-bikes/contract/bikes";
import { stockStatusOf, type StockItem } from "@ultimate-bikes/contract/stock";

/**
 * A bike as `GET /api/stock` lists it, for the web tests' answers, with its units at the main
 * warehouse, so it serves as `GET /api/bikes/{id}`'s answer too.
 */
export const stockItem = (
  name: string,
  quantity: number,
  { supplierName = "Honda Imports", price = 1000 }: { supplierName?: string; price?: number } = {},
): StockItem & Pick<Bike, "stock"> => ({
  _id: crypto.randomUUID(),
  name,
  photo: "/images/bikes/vespa-gts-300.svg",
  des: `The ${name}.`,
  price,
  quantity,
  supplierName,
  reorderPoint: 3,
  stockNumber: "UB-00001",
  inTransit: 0,
  tracksUnits: false,
  held: 0,
  stock: quantity > 0 ? [{ placeId: MAIN_WAREHOUSE, place: "Main warehouse", quantity }] : [],
  status: stockStatusOf(quantity, 3),
  updatedAt: "2026-11-22T10:00:00.000Z",
});

const MAIN_WAREHOUSE = "00000000-0000-4000-8000-000000000001";
