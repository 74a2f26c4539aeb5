import type { StockQueryInput } from "@ultimate-bikes/contract/stock";

/*
 * The API paths the bikes feature reads (under the API's base path), apart from bikes-api.ts and
 * its schemas: the screens' descriptors build their first reads with these very functions, and
 * they are part of the shell (docs/decisions/016 and 017).
 */

/** One bike. */
export const bikePath = (id: string) => `/bikes/${encodeURIComponent(id)}`;

/** One bike's editable details, with their tag. */
export const bikeDetailsPath = (id: string) => `${bikePath(id)}/details`;

/** The suppliers a stock list can be filtered by. */
export const SUPPLIERS_PATH = "/suppliers";

/** The places a stock list can be filtered by: the contract's PLACES_PATH, here without zod. */
export const PLACES_READ_PATH = "/places";

/** `/stock?…` with only the parameters that are set. */
export function stockReadPath(query: StockQueryInput) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  return `/stock?${params.toString()}`;
}
