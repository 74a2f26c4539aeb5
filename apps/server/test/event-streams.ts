import type { StockMovement } from "@ultimate-bikes/contract/bikes";
import {
  STOCK_EVENT,
  STOCK_READY_EVENT,
  STOCK_RESET_EVENT,
  parseEventData,
  stockEventSchema,
  stockReadySchema,
  type StockEvent,
} from "@ultimate-bikes/contract/stock-events";
import {
  openEventStream,
  type EventStream,
  type EventStreamOptions,
  type ServerSentEvent,
} from "@ultimate-bikes/test-support/sse-client";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeAll, expect } from "vitest";
import type { TestUser } from "./accounts.ts";
import { movementsOf } from "./stock-helpers.ts";

/** Reading `GET /api/stock/events` in the API tests, over real HTTP. */

export const EVENTS_URL = "/api/stock/events";

/**
 * SSE never ends, so `inject` cannot read it: the app listens on a free loopback port for the
 * file (or describe block) and the streams are read over real HTTP.
 */
export function useListening(app: () => FastifyInstance): { readonly origin: string } {
  let origin: string | undefined;
  beforeAll(async () => {
    const server = app();
    if (!server.server.listening) await server.listen({ port: 0, host: "127.0.0.1" });
    const address = server.server.address();
    if (address === null || typeof address === "string") throw new Error("not a TCP address");
    origin = `http://127.0.0.1:${address.port}`;
  });
  return {
    get origin() {
      if (!origin) throw new Error("The origin is only there inside tests and hooks");
      return origin;
    },
  };
}

/** Opens streams that are all closed after each test, so none keeps the app from closing. */
export function useStreams() {
  const open = new Set<EventStream>();
  afterEach(() => {
    for (const stream of open) stream.close();
    open.clear();
  });
  return async (url: string, options: EventStreamOptions = {}): Promise<EventStream> => {
    const stream = await openEventStream(url, options);
    open.add(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    return stream;
  };
}

/** The event is a `stock` event whose `id:` is its movement id; its data, checked. */
export function stockEventOf(event: ServerSentEvent): StockEvent {
  expect(event.event, event.data).toBe(STOCK_EVENT);
  const parsed = parseEventData(stockEventSchema, event.data);
  expect(parsed, event.data).toBeDefined();
  expect(event.id).toBe(String(parsed!.id));
  return parsed!;
}

/** The next event is `ready`, naming `lastEventId` in its id and its data. */
export async function expectReady(stream: EventStream, lastEventId: number | null): Promise<void> {
  const ready = await stream.next();
  expect(ready.event, ready.data).toBe(STOCK_READY_EVENT);
  expect(parseEventData(stockReadySchema, ready.data)).toEqual({ lastEventId });
  if (lastEventId !== null) expect(ready.id).toBe(String(lastEventId));
}

/** The next event is `reset`, with the newest id and empty data. */
export async function expectReset(stream: EventStream, newest: number): Promise<void> {
  const reset = await stream.next();
  expect(reset.event, reset.data).toBe(STOCK_RESET_EVENT);
  expect(reset.id).toBe(String(newest));
  expect(JSON.parse(reset.data)).toEqual({});
}

/** The next `count` events, each of which must be a `stock` event. */
export async function nextStockEvents(
  stream: EventStream,
  count: number,
  timeoutMs = 5000,
): Promise<StockEvent[]> {
  const events: StockEvent[] = [];
  for (let index = 0; index < count; index++) {
    events.push(stockEventOf(await stream.next(undefined, timeoutMs)));
  }
  return events;
}

/** The next `stock` event of this bike, passing over other bikes' events. */
export async function nextStockOf(stream: EventStream, bikeId: string, timeoutMs = 5000) {
  const event = await stream.next(
    (candidate) =>
      candidate.event === STOCK_EVENT &&
      stockEventSchema.parse(JSON.parse(candidate.data)).bikeId === bikeId,
    timeoutMs,
  );
  return stockEventOf(event);
}

/** Waits for `ready`, the stream's first event, which must name `newest`: live after it. */
export async function liveAfter(stream: EventStream, newest: number): Promise<void> {
  await expectReady(stream, newest);
}

/** The bike's ledger, oldest first. */
export async function ledgerOf(app: FastifyInstance, user: TestUser, id: string) {
  return (await movementsOf(app, user, id, 200)).reverse();
}

/** The id of the bike's newest movement. */
export async function newestMovementId(app: FastifyInstance, user: TestUser, id: string) {
  const [newest] = await movementsOf(app, user, id, 1);
  if (!newest) throw new Error(`bike ${id} has no movements`);
  return newest.id;
}

export const isStrictlyIncreasing = (values: number[]) =>
  values.every((value, index) => index === 0 || value > values[index - 1]!);

/** The stock event a ledger movement of `bikeId` should have been sent as. */
export const asEvent = (bikeId: string, movement: StockMovement) => ({
  id: movement.id,
  bikeId,
  kind: movement.kind,
  delta: movement.delta,
  quantity: movement.quantityAfter,
});

export const expectOk = (response: { statusCode: number; body: string }) =>
  expect(response.statusCode, response.body).toBe(200);
