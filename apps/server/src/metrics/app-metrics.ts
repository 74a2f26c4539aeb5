import type { FastifyRequest } from "fastify";
import type { LogEvent } from "kysely";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { AppDatabase } from "../db/database.ts";

/** Seconds: a stored answer takes tens of microseconds, a search at scale tens of milliseconds. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.5, 2.5];
/** The fan-out pauses up to a second under load (stock-events/paced-fan-out.ts). */
const EVENT_DELAY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A scrape waits this long at most for the outbox count: a database that is away or a pool with
 * no free connection must not cost Prometheus every other metric, just when they matter most.
 */
const OUTBOX_COUNT_MS = 1000;

/** The value, or undefined when it fails or takes longer than `ms`. */
async function within<T>(ms: number, value: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>(
    (resolve) => (timer = setTimeout(() => resolve(undefined), ms)),
  );
  try {
    return await Promise.race([value.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A request's route as its pattern (`/api/bikes/:id`), never its URL, so the labels stay few
 * whatever clients ask for; a request no route matched is "unmatched".
 */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? "unmatched";
}

/** What the metrics read when Prometheus scrapes: cheap looks at state kept anyway. */
export interface WatchedState {
  /** Open `/api/stock/events` streams on this instance. */
  openStreams(): number;
  /** Low-stock alerts not sent yet (alerts/alerts-repository.ts): one indexed count. */
  unsentAlerts(): Promise<number>;
  database: AppDatabase;
}

/**
 * The metrics of one app, in a registry of its own: several apps in one process (the tests build
 * many) never share or collide in prom-client's global one (docs/decisions/032).
 */
export function createAppMetrics() {
  const registry = new Registry();
  // Memory, CPU, handles, garbage collection and event-loop delay, as prom-client names them.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Histogram({
    name: "http_request_duration_seconds",
    help: "Requests answered, by method, route pattern and status, and how long they took",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const queries = new Histogram({
    name: "ultimate_bikes_db_query_duration_seconds",
    help: "Database queries through Kysely and how long they took; outcome ok or error",
    labelNames: ["outcome"] as const,
    buckets: QUERY_BUCKETS,
    registers,
  });
  const eventDelay = new Histogram({
    name: "ultimate_bikes_stock_event_delay_seconds",
    help: "From a ledger movement's write to its event being written to the open streams",
    buckets: EVENT_DELAY_BUCKETS,
    registers,
  });

  return {
    registry,

    /** A request answered, by Fastify or by the stored-answer door. */
    answered(method: string, route: string, status: number, seconds: number) {
      requests.observe({ method, route, status_code: status }, seconds);
    },

    /** Kysely's `log` option: each query's duration as Kysely measured it. */
    query(event: LogEvent) {
      queries.observe(
        { outcome: event.level === "query" ? "ok" : "error" },
        event.queryDurationMillis / 1000,
      );
    },

    /** Events written to the streams, by the ledger time each movement was written (epoch ms). */
    eventsSent(writtenAt: readonly number[]) {
      const now = Date.now();
      for (const at of writtenAt) eventDelay.observe(Math.max(0, now - at) / 1000);
    },

    /** Gauges read at scrape time, once the app has what they read. */
    watch({ openStreams, unsentAlerts, database }: WatchedState) {
      new Gauge({
        name: "ultimate_bikes_stock_event_streams",
        help: "Open live stock streams (/api/stock/events) on this instance",
        registers,
        collect() {
          this.set(openStreams());
        },
      });
      const { pool, turns } = database;
      if (pool) {
        new Gauge({
          name: "ultimate_bikes_db_pool_connections",
          help: "PostgreSQL pool connections: state idle or in_use",
          labelNames: ["state"] as const,
          registers,
          collect() {
            this.set({ state: "idle" }, pool.idleCount);
            this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
          },
        });
        new Gauge({
          name: "ultimate_bikes_db_pool_waiting",
          help: "Queries waiting for a PostgreSQL pool connection",
          registers,
          collect() {
            this.set(pool.waitingCount);
          },
        });
      }
      if (turns) {
        // SQLite has no pool: one connection, whose writes take turns with a CSV import's.
        new Gauge({
          name: "ultimate_bikes_sqlite_write_turns",
          help: "SQLite writes of this server: state running, or waiting for a CSV import's turn",
          labelNames: ["state"] as const,
          registers,
          collect() {
            const now = turns.state();
            this.set({ state: "running" }, now.running);
            this.set({ state: "waiting" }, now.waiting);
          },
        });
        new Gauge({
          name: "ultimate_bikes_sqlite_import_writing",
          help: "1 while a CSV import holds SQLite's write turn, else 0",
          registers,
          collect() {
            this.set(turns.state().importing ? 1 : 0);
          },
        });
      }
      // Last: the pool is read before this scrape's own count takes a connection.
      new Gauge({
        name: "ultimate_bikes_alert_outbox_unsent",
        help: "Low-stock alerts waiting in the outbox to be sent (NaN while the database does not answer)",
        registers,
        async collect() {
          const depth = await within(OUTBOX_COUNT_MS, unsentAlerts());
          this.set(depth ?? Number.NaN);
        },
      });
    },
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;
