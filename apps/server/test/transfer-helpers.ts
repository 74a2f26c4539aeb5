import { bikeSchema, type Bike } from "@ultimate-bikes/contract/bikes";
import { placeListSchema } from "@ultimate-bikes/contract/places";
import {
  transferSchema,
  type NewTransferInput,
  type Transfer,
} from "@ultimate-bikes/contract/transfers";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { TestUser } from "./accounts.ts";
import { send } from "./stock-helpers.ts";

/** The places of a test database (all six), their ids by name. */
export async function placeIds(app: FastifyInstance): Promise<Record<string, string>> {
  const response = await app.inject("/api/places");
  if (response.statusCode !== 200) throw new Error(`places failed: ${response.body}`);
  return Object.fromEntries(
    placeListSchema.parse(response.json()).map((place) => [place.name, place.id]),
  );
}

export async function bikeOf(app: FastifyInstance, id: string): Promise<Bike> {
  const response = await app.inject(`/api/bikes/${id}`);
  if (response.statusCode !== 200) throw new Error(`bike failed: ${response.body}`);
  return bikeSchema.parse(response.json());
}

/** A bike's units at a place (0 where it has none). */
export const unitsAt = (bike: Bike, placeId: string) =>
  bike.stock.find((stock) => stock.placeId === placeId)?.quantity ?? 0;

/** The invariant every write keeps: the quantity is the sum of its places plus its units in transit. */
export async function expectStockAddsUp(app: FastifyInstance, id: string): Promise<Bike> {
  const bike = await bikeOf(app, id);
  const atPlaces = bike.stock.reduce((sum, stock) => sum + stock.quantity, 0);
  expect(bike.quantity, `${bike.name}: ${JSON.stringify(bike.stock)} + ${bike.inTransit}`).toBe(
    atPlaces + bike.inTransit,
  );
  return bike;
}

/** Writes a transfer as `user`; the transfer, or throws with the answer. */
export async function createTransfer(
  app: FastifyInstance,
  user: TestUser,
  body: NewTransferInput,
): Promise<Transfer> {
  const response = await send(app, user, "POST", "/api/transfers", body);
  if (response.statusCode !== 201) {
    throw new Error(`creating a transfer failed: ${response.statusCode} ${response.body}`);
  }
  return transferSchema.parse(response.json());
}
