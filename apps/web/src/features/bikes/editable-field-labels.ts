import type { BikeChange } from "@ultimate-bikes/contract/bikes";

/**
 * How the ledger and the edit form name each detail of a bike, mid-sentence; the stock number
 * has an edit of its own (issue 21).
 */
export const EDITABLE_FIELD_LABELS: Record<BikeChange["field"], string> = {
  name: "name",
  des: "description",
  price: "price",
  supplierName: "supplier",
  photo: "photo",
  reorderPoint: "reorder point",
  costPrice: "cost price",
  stockNumber: "stock number",
};
