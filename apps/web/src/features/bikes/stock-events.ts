import { API_BASE_PATH } from "@ultimate-bikes/contract/paths";
import {
  STOCK_EVENT,
  STOCK_EVENTS_PATH,
  STOCK_READY_EVENT,
  STOCK_RESET_EVENT,
  parseEventData,
  stockEventSchema,
  stockReadySchema,
  type StockEvent,
} from "@ultimate-bikes/contract/stock-events";
import type { z } from "zod";
import {
  streamed,
  streamLive,
  streamReset,
  streamStart,
  streamStopped,
} from "../../lib/ledger-position";

/**
 * The stream of stock changes, `GET /api/stock/events` (packages/contract/src/stock-events.ts),
 * without React: one EventSource at a time, resumed where it left off.
 */

/**
 * `connecting`: the first connection, not yet open (nothing to tell anyone yet). `live`: changes
 * arrive as they happen. `reconnecting`: the stream was lost; changes made meanwhile will be
 * replayed once it is back.
 */
export type LiveStatus = "connecting" | "live" | "reconnecting";

export interface StockEventHandlers {
  /**
   * A stock change. `replayed`: it happened while this tab was not listening and comes from the
   * replay after a reconnection, so it is news to the cache but not "just now" to a person.
   */
  onStock: (event: StockEvent, replayed: boolean) => void;
  /** Too much was missed to replay: everything shown about bikes may be out of date. */
  onReset: () => void;
  onStatus: (status: LiveStatus) => void;
}

/** After the browser gives up on a stream, the first new attempt waits this long… */
export const RECONNECT_FIRST_DELAY_MS = 1000;
/** …and each failed one doubles the wait, up to this, so a down server is not hammered. */
export const RECONNECT_MAX_DELAY_MS = 30_000;

const STREAM_URL = `${API_BASE_PATH}${STOCK_EVENTS_PATH}`;

/** An event's data, or undefined when it is not what the contract says (then it is ignored). */
function parseData<Schema extends z.ZodType>(schema: Schema, event: Event) {
  if (!(event instanceof MessageEvent) || typeof event.data !== "string") return undefined;
  return parseEventData(schema, event.data);
}

/**
 * Listens to the stock stream until the returned function is called.
 *
 * While the connection drops and comes back, EventSource reconnects by itself and sends the last
 * id it saw as `Last-Event-ID`. When the server answers an attempt with an HTTP error, EventSource
 * gives up for good (readyState CLOSED); then a new one is made after a growing delay, with the
 * last id in the query, since a new EventSource cannot set that header.
 */
export function connectStockEvents(handlers: StockEventHandlers): () => void {
  // Browsers without EventSource (and test environments without one) simply get no live updates.
  if (typeof EventSource === "undefined") return () => {};

  let source: EventSource | undefined;
  let lastEventId = "";
  let retryDelay = RECONNECT_FIRST_DELAY_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let status: LiveStatus = "connecting";
  let replaying = false;
  let openedBefore = false;

  function setStatus(next: LiveStatus) {
    if (next === status) return;
    status = next;
    handlers.onStatus(next);
  }

  /** Every event the stream numbered moves the resume point, whether or not it was readable. */
  function remember(event: Event) {
    if (event instanceof MessageEvent && event.lastEventId) lastEventId = event.lastEventId;
  }

  function connect() {
    retryTimer = undefined;
    // The first connection resumes from the oldest ledger position among the answers on screen,
    // so the server replays what changed since they were read (lib/ledger-position.ts).
    const start = openedBefore || lastEventId ? undefined : streamStart();
    if (start !== undefined) lastEventId = String(start);
    const url = lastEventId
      ? `${STREAM_URL}?lastEventId=${encodeURIComponent(lastEventId)}`
      : STREAM_URL;
    const stream = new EventSource(url);
    source = stream;

    stream.addEventListener("open", () => {
      retryDelay = RECONNECT_FIRST_DELAY_MS;
      // A reconnection first replays what was missed while away, up to its `ready`: not news to
      // announce as just now. The first connection's replay is what changed while the page
      // loaded, which nothing on screen shows yet: announced like any live change.
      replaying = openedBefore && lastEventId !== "";
      // Back without an id to resume from (the ledger was empty): nothing will be replayed, so
      // whatever changed meanwhile can only be learnt by asking again.
      if (openedBefore && !lastEventId) handlers.onReset();
      openedBefore = true;
      setStatus("live");
    });
    stream.addEventListener(STOCK_EVENT, (event) => {
      remember(event);
      const change = parseData(stockEventSchema, event);
      if (!change) return;
      handlers.onStock(change, replaying);
      streamed(change);
    });
    stream.addEventListener(STOCK_READY_EVENT, (event) => {
      remember(event);
      const ready = parseData(stockReadySchema, event);
      if (!lastEventId && ready?.lastEventId != null) lastEventId = String(ready.lastEventId);
      replaying = false;
      setStatus("live");
      // Answers taken while a stream that started from none connected may lack what came before.
      if (ready && streamLive(ready.lastEventId)) handlers.onReset();
    });
    stream.addEventListener(STOCK_RESET_EVENT, (event) => {
      remember(event);
      if (lastEventId) streamReset(Number(lastEventId));
      handlers.onReset();
    });
    stream.addEventListener("error", () => {
      if (stream !== source) return;
      setStatus("reconnecting");
      // CONNECTING: the browser is already trying again by itself. CLOSED: it gave up.
      if (stream.readyState === EventSource.CLOSED) scheduleReconnect();
    });
  }

  function scheduleReconnect() {
    if (retryTimer !== undefined) return;
    retryTimer = setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_DELAY_MS);
  }

  /** Back online: no reason to sit out the rest of a long wait. */
  function reconnectNow() {
    if (retryTimer === undefined) return;
    clearTimeout(retryTimer);
    connect();
  }

  connect();
  window.addEventListener("online", reconnectNow);
  return () => {
    window.removeEventListener("online", reconnectNow);
    clearTimeout(retryTimer);
    retryTimer = undefined;
    source?.close();
    source = undefined;
    streamStopped();
  };
}
