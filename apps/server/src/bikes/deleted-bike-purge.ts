import type { FastifyBaseLogger } from "fastify";
import type { DeletedBikesRepository } from "./deleted-bikes-repository.ts";

/**
 * Deleted bikes are purged once their retention period (DELETED_RETENTION_DAYS) is over; their
 * ledger stays (docs/decisions/015). A purge runs at start-up and then every hour, so a bike goes
 * within the hour after its purge time. Every server sharing the database runs its own: the purge
 * is one idempotent DELETE, so two running at once remove each bike once.
 */

export const PURGE_EVERY_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** From when a bike deleted at `deletedAt` (ISO 8601) may be purged, ISO 8601. */
export const purgeTimeOf = (deletedAt: string, retentionDays: number): string =>
  new Date(Date.parse(deletedAt) + retentionDays * DAY_MS).toISOString();

/** Bikes deleted before this moment are past their retention period at `now`. */
export const purgeCutoff = (retentionDays: number, now = new Date()): Date =>
  new Date(now.getTime() - retentionDays * DAY_MS);

interface PurgeOptions {
  deletedBikes: DeletedBikesRepository;
  retentionDays: number;
  log: FastifyBaseLogger;
}

export interface DeletedBikePurge {
  /** Stops the hourly purge and waits for one under way, so the database can close after it. */
  stop(): Promise<void>;
}

/** Purges once now, then every hour until stopped. A failed purge is logged and tried again. */
export async function startDeletedBikePurge({
  deletedBikes,
  retentionDays,
  log,
}: PurgeOptions): Promise<DeletedBikePurge> {
  async function purge() {
    try {
      const purged = await deletedBikes.purgeDeletedBefore(purgeCutoff(retentionDays));
      if (purged > 0) log.info({ purged, retentionDays }, "purged deleted bikes past retention");
    } catch (error) {
      log.warn({ err: error }, "could not purge deleted bikes; trying again in an hour");
    }
  }

  let running = purge();
  await running;
  const timer = setInterval(() => {
    running = purge();
  }, PURGE_EVERY_MS);
  // The purge alone never keeps the process alive.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
