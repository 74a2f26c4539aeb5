import {
  STOCK_EVENT,
  STOCK_EVENTS_HEARTBEAT_MS,
  STOCK_EVENTS_REPLAY_MAX,
  STOCK_EVENTS_RETRY_MS,
  STOCK_READY_EVENT,
  STOCK_RESET_EVENT,
  type StockEvent,
  type StockReady,
} from "@ultimate-bikes/contract/stock-events";
import type { ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { LedgerRepository } from "../ledger/ledger-repository.ts";
import { createPacedFanOut, toBatch, type Batch } from "./paced-fan-out.ts";
import type { StockChangeFeed } from "./stock-change-feed.ts";
import {
  EVENT_STREAM_HEADERS,
  eventMessage,
  KEEP_ALIVE,
  retryMessage,
} from "./server-sent-events.ts";

/**
 * Where a client resumes: after a movement id, from an id it sent that cannot be trusted (reset),
 * or from now.
 */
export type ResumePoint = number | "unknown" | undefined;

export interface HubLimits {
  /** Bytes waiting to be sent to one client before it counts as stalled and is dropped. */
  maxBufferedBytes: number;
  /** Open streams on this instance; past it, new ones are refused with 503. */
  maxSubscribers: number;
  /** Open streams from one client address; past it, new ones are refused with 429. */
  maxPerClient: number;
  heartbeatMs: number;
}

const DEFAULT_LIMITS: HubLimits = {
  maxBufferedBytes: 256 * 1024,
  maxSubscribers: 10_000,
  maxPerClient: 20,
  heartbeatMs: STOCK_EVENTS_HEARTBEAT_MS,
};

/** Why a new stream would be refused. */
export type Refusal = "server full" | "client limit";

interface Subscriber {
  response: ServerResponse;
  client: string;
  /** The id of the last movement this client has been sent (or told to skip by a reset). */
  sentUpTo: number;
  /** Batches that arrived while its replay was being read: sent right after it. */
  waiting: Batch[] | null;
  waitingBytes: number;
}

type Ledger = Pick<LedgerRepository, "latestMovementId" | "movementsAfter">;

/**
 * When a server shuts down, its streams are told to come back after this much plus up to
 * {@link RECONNECT_SPREAD_MS} (the `retry:` field): soon, since the client sees nothing live
 * meanwhile, and spread out, so thousands of streams do not reach the other instances in the same
 * millisecond. The next stream sets the usual retry again.
 */
export const RECONNECT_AFTER_CLOSE_MS = 250;
export const RECONNECT_SPREAD_MS = 1000;

const reconnectSoon = () =>
  retryMessage(RECONNECT_AFTER_CLOSE_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS));

const stockMessage = (event: StockEvent) =>
  eventMessage(STOCK_EVENT, event.id, JSON.stringify(event));

const messagesOf = (events: StockEvent[]) =>
  events.map((event) => ({
    id: event.id,
    text: stockMessage(event),
    writtenAt: Date.parse(event.at),
  }));

/**
 * The open `GET /api/stock/events` streams of this instance: fans the feed's events out to all of
 * them (serialized once, several to a write when they come faster than the fan-out), replays what
 * a resuming client missed from the ledger, and drops any client that stops reading instead of
 * buffering for it without bound.
 */
export function createStockEventHub(
  feed: StockChangeFeed,
  ledger: Ledger,
  log: FastifyBaseLogger,
  overrides: Partial<HubLimits> = {},
  /** Told when live events have gone out, with when each was written (metrics/app-metrics.ts). */
  eventsSent?: (writtenAt: number[]) => void,
) {
  const limits: HubLimits = { ...DEFAULT_LIMITS, ...overrides };
  const subscribers = new Set<Subscriber>();
  /** Open streams by client address. */
  const perClient = new Map<string, number>();
  let closed = false;

  function remove(subscriber: Subscriber): boolean {
    if (!subscribers.delete(subscriber)) return false;
    const count = perClient.get(subscriber.client)! - 1;
    if (count === 0) perClient.delete(subscriber.client);
    else perClient.set(subscriber.client, count);
    return true;
  }

  function drop(subscriber: Subscriber, reason: string) {
    if (!remove(subscriber)) return;
    log.info(
      { reason, buffered: subscriber.response.writableLength },
      "stock event stream dropped",
    );
    subscriber.response.destroy();
  }

  /** Writes, unless the client has fallen too far behind: then it is cut off. */
  function write(subscriber: Subscriber, chunk: string | Buffer) {
    const { response } = subscriber;
    if (response.destroyed) return drop(subscriber, "closed");
    // Corked here, the chunk and its framing go to the socket now, in one system call, rather
    // than in a tick of their own for each of thousands of streams.
    response.socket?.cork();
    response.write(chunk);
    response.socket?.uncork();
    // Counts what Node holds for this response and its socket: what the client has not taken.
    if (response.writableLength > limits.maxBufferedBytes) drop(subscriber, "not reading");
  }

  function sendBatch(subscriber: Subscriber, batch: Batch) {
    if (batch.lastId <= subscriber.sentUpTo) return;
    if (batch.firstId > subscriber.sentUpTo) {
      write(subscriber, batch.bytes);
    } else {
      const unseen = batch.messages.filter((message) => message.id > subscriber.sentUpTo);
      write(subscriber, unseen.map((message) => message.text).join(""));
    }
    subscriber.sentUpTo = batch.lastId;
  }

  function hold(subscriber: Subscriber, batch: Batch) {
    subscriber.waiting!.push(batch);
    subscriber.waitingBytes += batch.bytes.length;
    if (subscriber.waitingBytes > limits.maxBufferedBytes) drop(subscriber, "replay too slow");
  }

  const fanOut = createPacedFanOut({
    targets: () => subscribers,
    isOpen: (subscriber) => subscribers.has(subscriber),
    send(subscriber, batch) {
      if (subscriber.waiting === null) {
        if (batch) sendBatch(subscriber, batch);
        else write(subscriber, KEEP_ALIVE);
      } else if (batch) {
        hold(subscriber, batch);
      }
    },
    // A quarter of what one stream may hold, so that a burst does not drop a client that reads.
    maxBatchBytes: limits.maxBufferedBytes / 4,
    heartbeatMs: limits.heartbeatMs,
    failed: (error) => log.error({ err: error }, "sending stock events to the streams failed"),
    sent:
      eventsSent && ((batch) => eventsSent(batch.messages.flatMap((item) => item.writtenAt ?? []))),
  });
  feed.onEvents((events) => fanOut.pass(messagesOf(events)));

  /** From now on it gets what the feed passes on: first what waited, then `ready`. */
  function goLive(subscriber: Subscriber) {
    const waiting = subscriber.waiting ?? [];
    subscriber.waiting = null;
    subscriber.waitingBytes = 0;
    for (const batch of waiting) sendBatch(subscriber, batch);
    if (!subscribers.has(subscriber)) return;
    const ready: StockReady = { lastEventId: subscriber.sentUpTo };
    write(subscriber, eventMessage(STOCK_READY_EVENT, subscriber.sentUpTo, JSON.stringify(ready)));
  }

  /** What the client missed since `after`, or a reset when that is too much or unknown. */
  async function replay(subscriber: Subscriber, after: number | "unknown") {
    const newest = (await ledger.latestMovementId()) ?? 0;
    const missed =
      after === "unknown" || after > newest
        ? undefined
        : await ledger.movementsAfter(after, STOCK_EVENTS_REPLAY_MAX + 1);
    if (!subscribers.has(subscriber)) return;
    if (after === "unknown" || missed === undefined || missed.length > STOCK_EVENTS_REPLAY_MAX) {
      write(subscriber, eventMessage(STOCK_RESET_EVENT, newest, "{}"));
      // Whatever came after `newest` was passed on after this client subscribed: it waits.
      subscriber.sentUpTo = newest;
      return;
    }
    subscriber.sentUpTo = after;
    if (missed.length > 0) sendBatch(subscriber, toBatch(messagesOf(missed)));
  }

  return {
    /** Why a stream from `client` would be refused now, if it would. */
    refusal(client: string): Refusal | undefined {
      if (subscribers.size >= limits.maxSubscribers) return "server full";
      if ((perClient.get(client) ?? 0) >= limits.maxPerClient) return "client limit";
      return undefined;
    },

    get size() {
      return subscribers.size;
    },

    /**
     * Takes over `response` as an event stream from `client` (its address) until the client
     * leaves or the server closes.
     */
    async connect(response: ServerResponse, resumeFrom: ResumePoint, client: string) {
      if (closed) {
        // Asked on a connection still open while the server shuts down: come back elsewhere.
        // The client keeps its Last-Event-ID, so it misses nothing.
        response.shouldKeepAlive = false;
        response.writeHead(200, EVENT_STREAM_HEADERS);
        response.end(reconnectSoon());
        return;
      }
      response.writeHead(200, EVENT_STREAM_HEADERS);
      response.write(retryMessage(STOCK_EVENTS_RETRY_MS));
      // Subscribed before the ledger is read, holding live batches aside until then: whatever
      // commits meanwhile is in the read or in what waits, never in neither.
      const subscriber: Subscriber = {
        response,
        client,
        sentUpTo: 0,
        waiting: [],
        waitingBytes: 0,
      };
      subscribers.add(subscriber);
      perClient.set(client, (perClient.get(client) ?? 0) + 1);
      response.once("close", () => remove(subscriber));
      try {
        if (resumeFrom === undefined) {
          // From the newest movement in the ledger, which the feed may not have passed on yet
          // (the database's notification is still on its way).
          subscriber.sentUpTo = (await ledger.latestMovementId()) ?? 0;
        } else {
          await replay(subscriber, resumeFrom);
        }
      } catch (error) {
        log.warn({ err: error }, "reading the stock ledger for a new stream failed");
        drop(subscriber, "ledger unreadable");
        return;
      }
      if (subscribers.has(subscriber)) goLive(subscriber);
    },

    /**
     * Ends every stream, so the server can close: each is told to reconnect soon, and resumes
     * from its Last-Event-ID on another instance (replayed from the ledger, so nothing is missed
     * of what this one had not yet sent). A stream asked for afterwards is ended the same way.
     */
    close() {
      closed = true;
      fanOut.close();
      for (const subscriber of subscribers) subscriber.response.end(reconnectSoon());
      subscribers.clear();
      perClient.clear();
    },
  };
}

export type StockEventHub = ReturnType<typeof createStockEventHub>;
