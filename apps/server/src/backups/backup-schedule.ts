import type { FastifyBaseLogger } from "fastify";
import { makeBackup, pruneBackups, type BackupConfig } from "./backups.ts";

/** BACKUP_KEEP when scheduled backups run and it is unset: two weeks of daily ones. */
export const DEFAULT_SCHEDULED_KEEP = 14;

export interface BackupMaker {
  /** Makes a backup now, after any under way (they take turns, never overlap). */
  make: () => ReturnType<typeof makeBackup>;
  stop(): void;
}

/**
 * The server's backups: made on request (the Backups screen) and, with BACKUP_EVERY, on a timer,
 * each scheduled one followed by BACKUP_KEEP's pruning. SQLite only (config.ts refuses
 * BACKUP_EVERY on PostgreSQL; docs/decisions/031).
 */
export function createBackupMaker(config: BackupConfig, log: FastifyBaseLogger): BackupMaker {
  let queue: Promise<unknown> = Promise.resolve();
  const make = () => {
    const next = queue.then(() => makeBackup(config));
    queue = next.catch(() => undefined);
    return next;
  };
  const { everyHours, keep = DEFAULT_SCHEDULED_KEEP, dir } = config.backups;
  if (everyHours === undefined) return { make, stop: () => undefined };
  const timer = setInterval(() => {
    make()
      .then((backup) => {
        const pruned = pruneBackups(dir, keep);
        log.info({ backup: backup.name, pruned }, "scheduled backup made");
      })
      .catch((error: unknown) => log.error({ err: error }, "scheduled backup failed"));
  }, everyHours * 3_600_000);
  // A server that is otherwise done need not stay up for its next backup.
  timer.unref();
  return { make, stop: () => clearInterval(timer) };
}
