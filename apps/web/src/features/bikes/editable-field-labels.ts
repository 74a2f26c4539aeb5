import type { EditableBikeField } from "@ultimate-bikes/contract/bikes";

/** How the ledger and the edit form name each detail of a bike, mid-sentence. */
export const EDITABLE_FIELD_LABELS: Record<EditableBikeField, string> = {
  name: "name",
  des: "description",
  price: "price",
  supplierName: "supplier",
  photo: "photo",
  reorderPoint: "reorder point",
};
