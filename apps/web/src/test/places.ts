import type { Place } from "@ultimate-bikes/contract/places";

const place = (id: string, name: string, kind: Place["kind"], main = false): Place => ({
  id,
  name,
  kind,
  city: name.split(" ")[0]!,
  address: null,
  archivedAt: null,
  main,
  units: 0,
});

/** `GET /api/places` for the web tests: the main warehouse and two showrooms. */
export const MAIN_WAREHOUSE = place(
  "00000000-0000-4000-8000-000000000001",
  "Main warehouse",
  "warehouse",
  true,
);
export const KHULNA = place("6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b", "Khulna showroom", "showroom");
export const SYLHET = place("7a2d3b45-6c7e-4f80-9bac-1d2e3f4a5b6c", "Sylhet showroom", "showroom");
export const TEST_PLACES: Place[] = [MAIN_WAREHOUSE, KHULNA, SYLHET];
