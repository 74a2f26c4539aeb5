import { z } from "zod";
import { stockMovementKindSchema } from "./bikes.ts";
import { stockItemSchema } from "./stock.ts";

/**
 * Live stock: `GET /api/stock/events`, Server-Sent Events of every stock change, public (it
 * carries only what the public list shows). docs/decisions/011.
 *
 * The stream sends:
 * - `event: stock`, `id:` the ledger movement's id, `data:` a {@link StockEvent};
 * - `event: ready`, `id:` the newest movement id, `data:` {@link StockReady}: the stream is live
 *   (after any replay). A client that remembers this id misses nothing when it reconnects;
 * - `event: reset`, `id:` the newest movement id, `data:` `{}`: too much was missed to replay, or
 *   the id asked for is unknown. Refetch what is on screen;
 * - a comment line (`: keep-alive`) every {@link STOCK_EVENTS_HEARTBEAT_MS}.
 *
 * To resume, send the last id seen as the `Last-Event-ID` header (EventSource does so by itself
 * when it reconnects) or as the `lastEventId` query parameter (a new EventSource cannot set
 * headers). Every movement after it is replayed in order, then live ones follow.
 */

export const STOCK_EVENTS_PATH = "/stock/events";

/** Past this many missed movements, a resuming client gets `reset` instead of a replay. */
export const STOCK_EVENTS_REPLAY_MAX = 1000;

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const STOCK_EVENTS_HEARTBEAT_MS = 15_000;

/** What EventSource waits before reconnecting (the stream's `retry:` field). */
export const STOCK_EVENTS_RETRY_MS = 2000;

export const STOCK_EVENT = "stock";
export const STOCK_READY_EVENT = "ready";
export const STOCK_RESET_EVENT = "reset";

/**
 * The ledger's kinds: `seed` and `create` bring a bike in, `delete` takes it away, `restore` brings
 * a deleted one back with the quantity it had (docs/decisions/015), `edit` changes its details.
 */
export const stockEventKindSchema = stockMovementKindSchema;
export type StockEventKind = z.infer<typeof stockEventKindSchema>;

export const stockEventSchema = z.object({
  /** The ledger movement's id, as in the event's `id:` field. */
  id: z.number().int(),
  bikeId: z.string(),
  /** The bike's name when it moved (so a removed bike can still be named). */
  name: z.string(),
  kind: stockEventKindSchema,
  /** Units in (positive) or out (negative). */
  delta: z.number().int(),
  /** The bike's quantity after the movement; 0 after `delete`. */
  quantity: z.number().int(),
  /** When it happened, ISO 8601. */
  at: z.string(),
  /**
   * Where the units moved (issue 23): the place, its name, how many in or out there and how many
   * it holds after; null when at no place (edits, deletes, a transfer's shortfall).
   */
  placeId: z.string().nullable(),
  place: z.string().nullable(),
  placeDelta: z.number().int().nullable(),
  placeQuantity: z.number().int().nullable(),
  /** On a transfer's steps: the bike's units in transit after it; null when unchanged. */
  inTransit: z.number().int().nullable(),
  /** On `send`, `receive` and `shortfall`: the transfer's id. */
  transferId: z.string().nullable(),
  /**
   * On `seed`, `create`, `restore` and `edit`: the bike's public fields, as `GET /api/stock` lists them,
   * with the quantity it came in (or back) with. Absent when the bike was removed before the event
   * was read.
   */
  bike: stockItemSchema.optional(),
});
export type StockEvent = z.infer<typeof stockEventSchema>;

export const stockReadySchema = z.object({
  /** The newest movement id when the stream went live; 0 while the ledger is empty. */
  lastEventId: z.number().int(),
});
export type StockReady = z.infer<typeof stockReadySchema>;

/**
 * An event's `data:` as the contract says it (`stockEventSchema`, `stockReadySchema`), or undefined
 * for anything else: text that is not JSON, or JSON of another shape. The one parser of the
 * stream's data, for the web app, the tests and the benchmarks alike.
 */
export function parseEventData<Schema extends z.ZodType>(
  schema: Schema,
  data: string,
): z.infer<Schema> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** `lastEventId` of the query: the id of the last movement the client saw. */
export const stockEventsQuerySchema = z.strictObject({
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/, "must be the id of a stock event")
    .transform(Number)
    .optional(),
});
