import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { STOCK_CHANGED_CHANNEL } from "./migrations/005-stock-change-notifications.ts";

/**
 * "The stock changed": what wakes the live stock feed (stock-events/stock-change-feed.ts) and moves
 * the read cache on. It says only that something committed; the ledger says what.
 */
export interface StockChanges {
  /** Called after every committed stock write of this process. */
  committed(): void;
  /**
   * `listener` runs after a change, and after a lost connection to the database comes back (when
   * changes may have been missed). `version` is the new stock version when the signal carries it.
   */
  subscribe(listener: (version?: number) => void): () => void;
  close(): Promise<void>;
}

function listenerSet() {
  const listeners = new Set<(version?: number) => void>();
  return {
    add(listener: (version?: number) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(version?: number) {
      for (const listener of listeners) listener(version);
    },
  };
}

/** SQLite: the one process that writes the file tells its own subscribers. */
export function createInProcessStockChanges(): StockChanges {
  const listeners = listenerSet();
  return {
    committed: () => listeners.emit(),
    subscribe: listeners.add,
    close: async () => {},
  };
}

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5000;

/**
 * PostgreSQL: every committed write NOTIFYs (migration 005) and each instance LISTENs on its own
 * connection, outside the pool, so changes made through any instance reach all of them. A lost
 * connection (a restart, a failover) is reopened with backoff, and its listeners are told, so
 * they catch up from the ledger and nothing is lost.
 */
export function createPostgresStockChanges(
  connectionString: string,
  log: FastifyBaseLogger,
): StockChanges {
  const listeners = listenerSet();
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RECONNECT_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  function reconnectLater() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  }

  async function connect() {
    const candidate = new pg.Client({ connectionString });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === candidate) client = undefined;
      if (!closed) log.warn({ err: error }, "stock change listener lost; reconnecting");
      candidate.removeAllListeners("notification");
      void candidate.end().catch(() => {});
      reconnectLater();
    };
    candidate.on("error", onLost);
    candidate.on("end", () => onLost());
    try {
      await candidate.connect();
      await candidate.query(`listen ${STOCK_CHANGED_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (closed) {
      await candidate.end();
      return;
    }
    client = candidate;
    retryMs = RECONNECT_FIRST_MS;
    candidate.on("notification", (message) => {
      const version = Number(message.payload);
      listeners.emit(Number.isFinite(version) ? version : undefined);
    });
    // Whatever committed while nobody listened is in the ledger: listeners catch up now.
    listeners.emit();
  }

  void connect();

  return {
    // The database tells every instance, this one included.
    committed: () => {},
    subscribe: listeners.add,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
