import { z } from "zod";

/**
 * Backups (issue 27, docs/decisions/031): one `.tar` file per backup, named by the UTC moment it
 * was made, so that names sort by age and say when at a glance.
 */

export const BACKUPS_PATH = "/backups";
export const backupPath = (name: string) => `${BACKUPS_PATH}/${encodeURIComponent(name)}`;

/** `ultimate-bikes-2026-11-26T14-08-16.123Z.tar`: ISO 8601 with `-` for `:` (file-name safe). */
export const BACKUP_NAME_PATTERN =
  /^ultimate-bikes-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.tar$/;

export const NO_SUCH_BACKUP = "No backup with that name";

/**
 * `/backups/{name}`: only a name the server itself gives, so no path ever leaves the folder; any
 * other is the same 404 as a backup that is not there (docs/decisions/003).
 */
export const backupNameParams = z.object({
  name: z.string().regex(BACKUP_NAME_PATTERN, { error: NO_SUCH_BACKUP }),
});

export const backupSchema = z.object({
  name: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  /** When it was made (ISO 8601), from its name. */
  createdAt: z.string(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupListSchema = z.object({
  database: z.enum(["sqlite", "postgres"]),
  /**
   * SQLite: the server's backup folder (BACKUP_DIR, else DATA_DIR/backups). PostgreSQL: null, as
   * the operator makes its backups with `npm run backup`, wherever they keep them.
   */
  folder: z.string().nullable(),
  /** Scheduled backups (BACKUP_EVERY, BACKUP_KEEP); null when none are scheduled. */
  schedule: z.object({ everyHours: z.number(), keep: z.number().int() }).nullable(),
  /** Newest first. */
  backups: z.array(backupSchema),
});
export type BackupList = z.infer<typeof backupListSchema>;
