/**
 * `npm run restore -- FILE [--force]`: restores a backup into the database the app is configured
 * for (DATA_DIR, DATABASE_URL). Exit codes: 0 restored, 1 failed, 2 bad arguments, 3 refused
 * because the target already holds data and --force was not given.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { restoreBackup, TargetNotEmptyError } from "./backups.ts";

const USAGE = "Usage: npm run restore -- FILE [--force]";

let parsed;
try {
  parsed = parseArgs({
    options: { force: { type: "boolean", default: false } },
    allowPositionals: true,
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const config = loadConfig();
  const manifest = await restoreBackup(config, file, { force: parsed.values.force });
  console.log(
    `Restored the ${manifest.database} backup of ${manifest.createdAt} (migration ${manifest.migration}). The app migrates it forward when it starts.`,
  );
  console.log(manifest.authSecret.note);
} catch (error) {
  if (error instanceof TargetNotEmptyError) {
    console.error(`Refused: ${error.message}`);
    process.exitCode = 3;
  } else {
    console.error(
      error instanceof ConfigError ? error.message : `Restore failed: ${(error as Error).message}`,
    );
    process.exitCode = 1;
  }
}
