import type { FastifyBaseLogger } from "fastify";
import pg from "pg";

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5000;

export interface ListeningConnectionOptions {
  connectionString: string;
  /** The channel to LISTEN on (one of ours, a plain identifier). */
  channel: string;
  /** What the connection is for: its name in pg_stat_activity and in log lines. */
  purpose: string;
  log: FastifyBaseLogger;
  onNotification(payload: string | undefined): void;
  /**
   * Runs each time the connection listens, the first time and after every reconnection (when
   * notifications may have been missed).
   */
  onListening(): void;
}

/**
 * A connection of its own, outside the pool, that LISTENs on one channel and is reopened with
 * backoff whenever it is lost (a restart, a failover, a dropped socket). An instance holds one
 * (db/stock-changes.ts): every other part that needs to hear of commits subscribes to that.
 */
export function keepListening(options: ListeningConnectionOptions) {
  const { channel, log, purpose } = options;
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
    const candidate = new pg.Client({
      connectionString: options.connectionString,
      application_name: `ultimate-bikes ${purpose}`,
      keepAlive: true,
    });
    let lost = false;
    const drop = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === candidate) client = undefined;
      if (!closed) log.warn({ err: error }, `${purpose} connection lost; reconnecting`);
      candidate.removeAllListeners("notification");
      void candidate.end().catch(() => {});
      reconnectLater();
    };
    candidate.on("error", drop);
    candidate.on("end", () => drop());
    candidate.on("notification", (message) => {
      if (message.channel === channel) options.onNotification(message.payload);
    });
    try {
      await candidate.connect();
      await candidate.query(`listen ${channel}`);
    } catch (error) {
      drop(error as Error);
      return;
    }
    if (closed) {
      await candidate.end().catch(() => {});
      return;
    }
    client = candidate;
    retryMs = RECONNECT_FIRST_MS;
    options.onListening();
  }

  void connect();

  return {
    /** Stops reconnecting and ends the open connection, if any. */
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const open = client;
      client = undefined;
      if (!open) return;
      await open.end().catch(() => {});
    },
  };
}
