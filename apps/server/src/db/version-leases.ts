import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import { sql, type Kysely } from "kysely";
import type pg from "pg";
import { keepListening } from "./listening-connection.ts";
import { STOCK_CHANGED_CHANNEL } from "./migrations/005-stock-change-notifications.ts";
import type { Database } from "./schema.ts";
import { CURRENT_VERSION_SQL } from "./stock-version.ts";

/**
 * How long a lease lasts, how often it is renewed, and how much of it is left unused to cover
 * the two clocks involved (this process's monotonic clock and the database's) running at
 * slightly different rates.
 */
export interface LeaseTiming {
  leaseMs: number;
  renewEveryMs: number;
  marginMs: number;
}

export const LEASE_TIMING: LeaseTiming = { leaseMs: 2000, renewEveryMs: 500, marginMs: 250 };

const RENEW = `insert into version_lease (instance, seen_version, expires_at)
  values ($1, $2, now() + $3 * interval '1 millisecond')
  on conflict (instance) do update set
    seen_version = greatest(version_lease.seen_version, excluded.seen_version),
    expires_at = excluded.expires_at`;
const RELEASE = "delete from version_lease where instance = $1";

export interface VersionLease {
  /**
   * The stock version, with every write acknowledged to any client before now counted, or
   * undefined while this server holds no lease (starting, or its connection lost): then the
   * caller asks the database.
   */
  version(): number | undefined;
  close(): Promise<void>;
}

/**
 * A read lease (docs/decisions/022): this server answers cached reads from the stock version it
 * has heard of, without a round trip, because every write waits, before it answers its client,
 * until each server holding a live lease has acknowledged the write's version
 * (createReaderCatchUp). The lease is a row of `version_lease` that this server renews on its own
 * connection, the one that LISTENs for the versions: if that connection dies or stalls, the lease
 * runs out on both sides and writes stop waiting for this server, which asks the database again.
 *
 * The version is trusted only when read from the database after the lease row was live, or
 * heard of since: a writer that found the lease expired did not wait for this server, but then
 * it committed before that read.
 */
export function createVersionLease(
  connectionString: string,
  log: FastifyBaseLogger,
  timing: LeaseTiming = LEASE_TIMING,
): VersionLease {
  const instance = randomUUID();
  /** The connection that listens and renews, with what drops it for a new one. */
  let current: { client: pg.Client; drop: (error?: Error) => void } | undefined;
  let closed = false;
  /** The newest version heard of; it only grows (notifications arrive in commit order). */
  let known: number | undefined;
  /** On this process's monotonic clock: the lease row is live at least until then. */
  let liveUntil = Number.NEGATIVE_INFINITY;
  /** Whether `known` counts every write committed while the lease might have been dead. */
  let trusted = false;
  let syncing = false;
  let syncAgain = false;

  function distrust() {
    trusted = false;
    liveUntil = Number.NEGATIVE_INFINITY;
  }

  /**
   * Renews the lease with the newest version heard of as acknowledged; after a lapse, reads the
   * version once the renewed lease is live. One at a time: a call meanwhile runs one more.
   */
  async function sync() {
    if (syncing) {
      syncAgain = true;
      return;
    }
    syncing = true;
    let connection = current;
    try {
      do {
        syncAgain = false;
        connection = current;
        if (!connection) return;
        const sentAt = performance.now();
        await connection.client.query(RENEW, [instance, known ?? 0, timing.leaseMs]);
        // Answered before the old lease ran out here, so it was renewed before it ran out there.
        const unbroken = performance.now() < liveUntil;
        liveUntil = sentAt + timing.leaseMs - timing.marginMs;
        if (unbroken && trusted) continue;
        trusted = false;
        const { rows } = await connection.client.query<{ version: string | number }>(
          CURRENT_VERSION_SQL,
        );
        known = Math.max(known ?? 0, Number(rows[0]!.version));
        trusted = performance.now() < liveUntil;
        // Acknowledge what was just read.
        syncAgain = true;
      } while (syncAgain && !closed);
    } catch (error) {
      // A failed or timed-out renewal leaves the connection in doubt: start again on a new one.
      connection?.drop(error as Error);
    } finally {
      syncing = false;
    }
    // Asked for while a renewal failed (by a new connection that is listening now): run it.
    if (syncAgain && !closed) void sync();
  }

  const listening = keepListening({
    connectionString,
    channel: STOCK_CHANGED_CHANNEL,
    purpose: "version lease",
    log,
    // A stalled connection must not hold the lease: past this, a renewal fails and the
    // connection is dropped.
    settings: { query_timeout: timing.leaseMs },
    onNotification(payload) {
      const version = Number(payload);
      if (Number.isSafeInteger(version)) known = Math.max(known ?? version, version);
      else trusted = false;
      void sync();
    },
    // Listening before the lease is taken, so no version committed after it goes unheard.
    async onListening(client, drop) {
      current = { client, drop };
      await sync();
    },
    onLost() {
      current = undefined;
      distrust();
    },
  });
  const renewal = setInterval(() => void sync(), timing.renewEveryMs);
  renewal.unref();

  return {
    version: () => (trusted && performance.now() < liveUntil ? known : undefined),
    async close() {
      closed = true;
      clearInterval(renewal);
      distrust();
      current = undefined;
      // Writes need not wait for this server once its row is gone.
      await listening.close((client) => client.query(RELEASE, [instance]));
    },
  };
}

const FIRST_POLL_MS = 1;
const LONGEST_POLL_MS = 20;

const NOW_AND_SLOWEST = sql<{ version: number; slowest: number | null }>`
  select s.version, (
    select min(seen_version) from version_lease where expires_at > clock_timestamp()
  ) as slowest
  from stock_version s where s.id = 1`;
const SLOWEST = sql<{ slowest: number | null }>`
  select min(seen_version) as slowest from version_lease where expires_at > clock_timestamp()`;

interface Waiter {
  version: number;
  since: number;
  done: (error?: unknown) => void;
}

/**
 * What a write calls after it commits and before its client hears of it: waits until every
 * server holding a live lease has acknowledged the stock version as it is now (so at least this
 * write's), or its lease has run out. Concurrent writes share one poll of the leases, from 1 ms
 * apart up to 20 ms as the oldest waits. Bounded: a lease not acknowledged within two lease
 * lengths (a server that renews but hears nothing, which PostgreSQL's delivery rules out) is
 * logged and no longer waited for.
 */
export function createReaderCatchUp(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  timing: LeaseTiming = LEASE_TIMING,
): () => Promise<void> {
  let waiting: Waiter[] = [];
  let polling = false;

  async function poll() {
    polling = true;
    try {
      while (waiting.length > 0) {
        const oldest = performance.now() - waiting[0]!.since;
        await sleep(Math.min(LONGEST_POLL_MS, Math.max(FIRST_POLL_MS, oldest)));
        const { slowest } = (await SLOWEST.execute(db)).rows[0]!;
        const now = performance.now();
        const giveUpBefore = now - 2 * timing.leaseMs;
        waiting = waiting.filter((waiter) => {
          const seen = slowest === null || Number(slowest) >= waiter.version;
          if (!seen && waiter.since > giveUpBefore) return true;
          if (!seen) {
            log.error(
              { version: waiter.version },
              "a server holding a read lease did not acknowledge a write; answering it anyway",
            );
          }
          waiter.done();
          return false;
        });
      }
    } catch (error) {
      for (const waiter of waiting) waiter.done(error);
      waiting = [];
    } finally {
      polling = false;
    }
  }

  return async function untilReadersHaveSeen() {
    const { version, slowest } = (await NOW_AND_SLOWEST.execute(db)).rows[0]!;
    if (slowest === null || Number(slowest) >= Number(version)) return;
    await new Promise<void>((resolve, reject) => {
      waiting.push({
        version: Number(version),
        since: performance.now(),
        done: (error) => (error === undefined ? resolve() : reject(error)),
      });
      if (!polling) void poll();
    });
  };
}
