import type { BikeRepository } from "../bikes/bikes-repository.ts";
import { seedBikes } from "./seed-bikes.ts";

/** Fills an empty stock with the demo bikes (SEED=on); returns how many it added. */
export function seedEmptyDatabase(bikes: BikeRepository): Promise<number> {
  return bikes.seedIfEmpty(seedBikes.map((bike) => ({ ...bike, price: Number(bike.price) })));
}
