/**
 * `npm run backup`: one backup of the configured database (the app's own DATA_DIR and
 * DATABASE_URL) into BACKUP_DIR, else DATA_DIR/backups, while the app runs. With BACKUP_KEEP set,
 * the oldest backups beyond that many are deleted afterwards.
 */
import path from "node:path";
import { ConfigError, loadConfig } from "../config.ts";
import { makeBackup, pruneBackups } from "./backups.ts";

try {
  const config = loadConfig();
  const backup = await makeBackup(config);
  console.log(
    `Backup made: ${path.join(config.backups.dir, backup.name)} (${backup.size} bytes, ${config.database.kind})`,
  );
  if (config.backups.keep !== undefined) {
    for (const name of pruneBackups(config.backups.dir, config.backups.keep)) {
      console.log(`Deleted the older backup ${name} (BACKUP_KEEP=${config.backups.keep})`);
    }
  }
} catch (error) {
  console.error(
    error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`,
  );
  process.exitCode = 1;
}
