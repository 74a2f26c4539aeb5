import { bikeSchema, type Bike } from "@ultimate-bikes/contract/bikes";
import {
  unitListResponseSchema,
  type NewUnitInput,
  type Unit,
} from "@ultimate-bikes/contract/units";
import { newUnits } from "@ultimate-bikes/test-support/new-units";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { TestUser } from "./accounts.ts";
import { addBike, send } from "./stock-helpers.ts";

// Shared with the end-to-end tests; named here too, where the API tests have always found them.
export { newChassis, newUnits } from "@ultimate-bikes/test-support/new-units";

/** A model's units, as `GET /api/bikes/{id}/units` answers them. */
export async function unitsOf(
  app: FastifyInstance,
  user: TestUser,
  bikeId: string,
  query = "",
): Promise<Unit[]> {
  const response = await send(app, user, "GET", `/api/bikes/${bikeId}/units${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return unitListResponseSchema.parse(response.json());
}

/**
 * The rule every write keeps on a tracked model (docs/decisions/033): at each place its units in
 * stock and held are its quantity there, its units in transit its in-transit count, and its held
 * units its held count.
 */
export async function expectUnitsMatchCounts(
  app: FastifyInstance,
  user: TestUser,
  bikeId: string,
): Promise<{ bike: Bike; units: Unit[] }> {
  const response = await app.inject(`/api/bikes/${bikeId}`);
  const bike = bikeSchema.parse(response.json());
  const units = await unitsOf(app, user, bikeId);
  const stocked = new Map<string, number>();
  for (const unit of units) {
    if (unit.status === "in_stock" || unit.status === "held") {
      stocked.set(unit.placeId!, (stocked.get(unit.placeId!) ?? 0) + 1);
    }
  }
  const counts = Object.fromEntries(bike.stock.map((stock) => [stock.placeId, stock.quantity]));
  expect(Object.fromEntries(stocked), `${bike.name}: units by place`).toEqual(counts);
  expect(units.filter((unit) => unit.status === "in_transit").length).toBe(bike.inTransit);
  expect(units.filter((unit) => unit.status === "held").length).toBe(bike.held);
  return { bike, units };
}

/** A new model with `quantity` units at `placeId`, tracked by unit; its id and the units listed. */
export async function addTrackedModel(
  app: FastifyInstance,
  user: TestUser,
  quantity: number,
  placeId: string,
): Promise<{ id: string; units: NewUnitInput[] }> {
  const id = await addBike(app, user, { quantity: String(quantity) });
  const units = newUnits(quantity);
  const response = await send(app, user, "PUT", `/api/bikes/${id}/tracking`, {
    tracksUnits: true,
    units: units.map((unit) => ({ ...unit, placeId })),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { id, units };
}
