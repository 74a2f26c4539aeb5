import type { FastifyBaseLogger } from "fastify";
import { keepListening } from "./listening-connection.ts";
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
  const listening = keepListening({
    connectionString,
    channel: STOCK_CHANGED_CHANNEL,
    purpose: "stock changes",
    log,
    onNotification(payload) {
      const version = Number(payload);
      listeners.emit(Number.isFinite(version) ? version : undefined);
    },
    // Whatever committed while nobody listened is in the ledger: listeners catch up now.
    onListening: () => listeners.emit(),
  });
  return {
    // The database tells every instance, this one included.
    committed: () => {},
    subscribe: listeners.add,
    close: () => listening.close(),
  };
}
