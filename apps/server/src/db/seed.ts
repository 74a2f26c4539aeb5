import type { SeedRepository } from "./seed-repository.ts";
import { seedBikes } from "./seed-bikes.ts";

/** Fills an empty stock with the demo bikes (SEED=on); returns how many it added. */
export function seedEmptyDatabase(seeds: SeedRepository): Promise<number> {
  return seeds.seedIfEmpty(seedBikes.map((bike) => ({ ...bike, price: Number(bike.price) })));
}
