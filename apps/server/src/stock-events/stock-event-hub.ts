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
import type { BikeRepository } from "../bikes/bikes-repository.ts";
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
  heartbeatMs: number;
}

const DEFAULT_LIMITS: HubLimits = {
  maxBufferedBytes: 256 * 1024,
  maxSubscribers: 10_000,
  heartbeatMs: STOCK_EVENTS_HEARTBEAT_MS,
};

/** Events as they go on the wire: serialized once for every subscriber. */
interface Batch {
  firstId: number;
  lastId: number;
  text: string;
  messages: { id: number; text: string }[];
}

interface Subscriber {
  response: ServerResponse;
  /** The id of the last movement this client has been sent (or told to skip by a reset). */
  sentUpTo: number;
  /** Batches that arrived while its replay was being read: sent right after it. */
  waiting: Batch[] | null;
  waitingBytes: number;
}

type Ledger = Pick<BikeRepository, "latestMovementId" | "movementsAfter">;

const stockMessage = (event: StockEvent) =>
  eventMessage(STOCK_EVENT, event.id, JSON.stringify(event));

function toBatch(events: StockEvent[]): Batch {
  const messages = events.map((event) => ({ id: event.id, text: stockMessage(event) }));
  return {
    firstId: events[0]!.id,
    lastId: events.at(-1)!.id,
    text: messages.map((message) => message.text).join(""),
    messages,
  };
}

/**
 * The open `GET /api/stock/events` streams of this instance: fans each batch of the feed out to
 * all of them (serialized once), replays what a resuming client missed from the ledger, and drops
 * any client that stops reading instead of buffering for it without bound.
 */
export function createStockEventHub(
  feed: StockChangeFeed,
  ledger: Ledger,
  log: FastifyBaseLogger,
  limits: HubLimits = DEFAULT_LIMITS,
) {
  const subscribers = new Set<Subscriber>();

  function drop(subscriber: Subscriber, reason: string) {
    if (!subscribers.delete(subscriber)) return;
    log.info(
      { reason, buffered: subscriber.response.writableLength },
      "stock event stream dropped",
    );
    subscriber.response.destroy();
  }

  /** Writes, unless the client has fallen too far behind: then it is cut off. */
  function write(subscriber: Subscriber, text: string) {
    const { response } = subscriber;
    if (response.destroyed) return drop(subscriber, "closed");
    response.write(text);
    // Counts what Node holds for this response and its socket: what the client has not taken.
    if (response.writableLength > limits.maxBufferedBytes) drop(subscriber, "not reading");
  }

  function sendBatch(subscriber: Subscriber, batch: Batch) {
    if (batch.lastId <= subscriber.sentUpTo) return;
    if (batch.firstId > subscriber.sentUpTo) {
      write(subscriber, batch.text);
    } else {
      const unseen = batch.messages.filter((message) => message.id > subscriber.sentUpTo);
      write(subscriber, unseen.map((message) => message.text).join(""));
    }
    subscriber.sentUpTo = batch.lastId;
  }

  feed.onEvents((events) => {
    const batch = toBatch(events);
    for (const subscriber of subscribers) {
      if (subscriber.waiting === null) {
        sendBatch(subscriber, batch);
      } else {
        subscriber.waiting.push(batch);
        subscriber.waitingBytes += batch.text.length;
        if (subscriber.waitingBytes > limits.maxBufferedBytes) drop(subscriber, "replay too slow");
      }
    }
  });

  const heartbeat = setInterval(() => {
    for (const subscriber of subscribers) {
      if (subscriber.waiting === null) write(subscriber, KEEP_ALIVE);
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

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
    if (missed.length > 0) sendBatch(subscriber, toBatch(missed));
  }

  return {
    get full() {
      return subscribers.size >= limits.maxSubscribers;
    },

    get size() {
      return subscribers.size;
    },

    /** Takes over `response` as an event stream until the client leaves or the server closes. */
    async connect(response: ServerResponse, resumeFrom: ResumePoint) {
      response.writeHead(200, EVENT_STREAM_HEADERS);
      response.write(retryMessage(STOCK_EVENTS_RETRY_MS));
      // Subscribed before the ledger is read, holding live batches aside until then: whatever
      // commits meanwhile is in the read or in what waits, never in neither.
      const subscriber: Subscriber = { response, sentUpTo: 0, waiting: [], waitingBytes: 0 };
      subscribers.add(subscriber);
      response.once("close", () => subscribers.delete(subscriber));
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

    /** Ends every stream, so the server can close; clients reconnect to another instance. */
    close() {
      clearInterval(heartbeat);
      for (const subscriber of subscribers) subscriber.response.end();
      subscribers.clear();
    },
  };
}

export type StockEventHub = ReturnType<typeof createStockEventHub>;
