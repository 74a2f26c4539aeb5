import { backupTime } from "./backup-file.ts";

/**
 * BACKUP_KEEP: the backups to delete so that the newest `keep` stay, whichever way they were made
 * (scheduled, from the screen, `npm run backup`). Files that are not backups are never touched.
 */
export function backupsToDelete(names: readonly string[], keep: number): string[] {
  return names
    .filter((name) => backupTime(name) !== undefined)
    .sort()
    .reverse()
    .slice(keep);
}
