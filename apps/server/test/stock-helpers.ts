import {
  bikeListSchema,
  insertedSchema,
  stockMovementListSchema,
  type Bike,
  type NewBikeInput,
  type StockMovement,
} from "@ultimate-bikes/contract/bikes";
import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { TestUser } from "./accounts.ts";

/** An id in the right format that names no bike. */
export const UNKNOWN_BIKE_ID = "0b0d7a3e-4f4e-4b8e-9f8e-2a4d5c6b7a80";

type Method = NonNullable<InjectOptions["method"]>;

/** A request as `user` (or anonymous when `user` is undefined). */
export function send(
  app: FastifyInstance,
  user: TestUser | undefined,
  method: Method,
  url: string,
  payload?: InjectOptions["payload"],
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) },
  });
}

/** Adds a bike owned by `user` through POST /api/bikes and returns its id. */
export async function addBike(
  app: FastifyInstance,
  user: TestUser,
  overrides: Partial<NewBikeInput> = {},
): Promise<string> {
  const response = await send(app, user, "POST", "/api/bikes", newBikeBody(overrides));
  if (response.statusCode !== 201)
    throw new Error(`adding a bike failed: ${response.statusCode} ${response.body}`);
  return insertedSchema.parse(response.json()).insertedId;
}

export async function listBikes(app: FastifyInstance): Promise<Bike[]> {
  const response = await app.inject("/api/bikes");
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode}`);
  return bikeListSchema.parse(response.json());
}

/** The stored quantity of a bike, or undefined when GET /api/bikes/{id} is a 404. */
export async function quantityOf(app: FastifyInstance, id: string): Promise<number | undefined> {
  const response = await app.inject(`/api/bikes/${id}`);
  if (response.statusCode === 404) return undefined;
  return (response.json() as Bike).quantity;
}

/** The bike's ledger, newest first. */
export async function movementsOf(
  app: FastifyInstance,
  user: TestUser,
  id: string,
  limit = 200,
): Promise<StockMovement[]> {
  const response = await send(app, user, "GET", `/api/bikes/${id}/movements?limit=${limit}`);
  if (response.statusCode !== 200)
    throw new Error(`movements failed: ${response.statusCode} ${response.body}`);
  return stockMovementListSchema.parse(response.json());
}

export const deliver = (app: FastifyInstance, user: TestUser | undefined, id: string) =>
  send(app, user, "POST", `/api/bikes/${id}/deliveries`);

export const importUnits = (
  app: FastifyInstance,
  user: TestUser | undefined,
  id: string,
  amount: unknown,
) => send(app, user, "POST", `/api/bikes/${id}/imports`, { amount } as InjectOptions["payload"]);

/** `count` numbers starting at `from`, `step` apart: the values a ledger should hold. */
export const range = (from: number, count: number, step = 1) =>
  Array.from({ length: count }, (_, index) => from + index * step);

export const ascending = (values: number[]) => [...values].sort((a, b) => a - b);
