import type { PlaceKind } from "@ultimate-bikes/contract/places";

/** Each kind of place as the Places screen names it. */
export const PLACE_KIND_LABELS: Record<PlaceKind, string> = {
  warehouse: "Warehouse",
  showroom: "Showroom",
};
