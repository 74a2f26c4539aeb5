import type { NewBikeInput } from "@ultimate-bikes/contract/bikes";
import { randomUUID } from "node:crypto";

/** A bike name no other API test, end-to-end test or benchmark run will use. */
export const uniqueBikeName = (label = "Test Bike") => `${label} ${randomUUID().slice(0, 8)}`;

/**
 * A valid add-a-bike body (`POST /api/bikes`, `POST /api/items`) with a unique name, so callers
 * never collide with the seeded stock or with each other. Numbers are sent as text, as the add
 * form sends them; the photo is one the app ships, so a browser shows it without a 404.
 */
export function newBikeBody(overrides: Partial<NewBikeInput> = {}): NewBikeInput {
  return {
    name: uniqueBikeName(),
    photo: "/images/bikes/vespa-gts-300.svg",
    des: "A bike made up for a test.",
    price: "4999.99",
    quantity: "5",
    supplierName: "Test Supplier Ltd.",
    ...overrides,
  };
}
