import { stockStatusOf, type StockItem } from "@ultimate-bikes/contract/stock";

/** A bike as `GET /api/stock` lists it, for the web tests' answers. */
export const stockItem = (
  name: string,
  quantity: number,
  { supplierName = "Honda Imports", price = 1000 }: { supplierName?: string; price?: number } = {},
): StockItem => ({
  _id: crypto.randomUUID(),
  name,
  photo: "/images/bikes/vespa-gts-300.svg",
  des: `The ${name}.`,
  price,
  quantity,
  supplierName,
  reorderPoint: 3,
  stockNumber: "UB-00001",
  status: stockStatusOf(quantity, 3),
  updatedAt: "2026-11-22T10:00:00.000Z",
});
