import { bikeIdSchema, type Bike } from "@ultimate-bikes/contract/bikes";
import { HttpError, notFound } from "../plugins/errors.ts";
import type { StockResult } from "./bikes-repository.ts";

export const NO_SUCH_BIKE = "No bike with that id";

/** A malformed id names no bike, so it is a 404 like an unknown one (docs/decisions/003). */
export function checkedBikeId(id: string): string {
  if (!bikeIdSchema.safeParse(id).success) throw notFound(NO_SUCH_BIKE);
  return id;
}

const conflictMessages = {
  empty: () => "Your stock is empty",
  "too-many": () => "That would take the stock above the most one bike can hold",
  stale: (current: number) =>
    `The stock changed to ${current} since you loaded it. Nothing was changed: check the new quantity and try again.`,
};

/** A refused stock change as the API reports it: 404 for a missing bike, 409 with the quantity now. */
export function bikeOrThrow(result: StockResult): Bike {
  if ("bike" in result) return result.bike;
  if (result.refused === "not-found") throw notFound(NO_SUCH_BIKE);
  throw new HttpError(409, conflictMessages[result.reason](result.currentQuantity), {
    currentQuantity: result.currentQuantity,
  });
}
