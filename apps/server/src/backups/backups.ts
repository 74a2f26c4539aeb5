import type { Backup } from "@ultimate-bikes/contract/backups";
import { readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { ensurePrivateDir, keepPrivate, type AppConfig } from "../config.ts";
import {
  AUTH_SECRET_NOTES,
  backupName,
  backupTime,
  DATABASE_ENTRY,
  packBackup,
  removeFolder,
  scratchFolder,
  unpackBackup,
  type Manifest,
} from "./backup-file.ts";
import { backupsToDelete } from "./backup-retention.ts";
import {
  dumpPostgres,
  emptyPostgres,
  postgresHoldsTables,
  restorePostgres,
} from "./postgres-backup.ts";
import { copySqlite, sqliteHoldsTables, sqliteMigrationLevel } from "./sqlite-backup.ts";

/** What the backup and restore commands and the Backups screen need of the configuration. */
export type BackupConfig = Pick<AppConfig, "database" | "dataDir" | "authSecretFrom" | "backups">;

/**
 * Makes one backup of the running database into the backup folder (docs/decisions/031): SQLite
 * through its online backup, PostgreSQL through pg_dump. Writes carry on meanwhile; the backup
 * holds the database as of one moment after the call began.
 */
export async function makeBackup(config: BackupConfig, now = new Date()): Promise<Backup> {
  const folder = config.backups.dir;
  ensurePrivateDir(folder);
  const name = backupName(now);
  const work = scratchFolder(folder);
  try {
    const { database } = config;
    const file = path.join(work, DATABASE_ENTRY[database.kind]);
    const common = {
      format: "ultimate-bikes-backup",
      formatVersion: 1,
      createdAt: now.toISOString(),
      authSecret: {
        from: config.authSecretFrom,
        note: AUTH_SECRET_NOTES[config.authSecretFrom],
      },
    } as const;
    let manifest: Manifest;
    if (database.kind === "sqlite") {
      await copySqlite(database.file, file);
      manifest = { ...common, database: "sqlite", migration: sqliteMigrationLevel(file) };
    } else {
      const { migration, server, pgDump } = await dumpPostgres(database.connectionString, file);
      manifest = { ...common, database: "postgres", migration, postgres: { server, pgDump } };
    }
    await packBackup(folder, name, manifest, work);
  } finally {
    removeFolder(work);
  }
  return describe(folder, name)!;
}

function describe(folder: string, name: string): Backup | undefined {
  const createdAt = backupTime(name);
  if (!createdAt) return undefined;
  try {
    return {
      name,
      size: statSync(path.join(folder, name)).size,
      createdAt: createdAt.toISOString(),
    };
  } catch {
    return undefined; // Deleted by BACKUP_KEEP between the listing and now.
  }
}

/** The backups in `folder`, newest first; none when it does not exist yet. */
export function listBackups(folder: string): Backup[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .flatMap((name) => describe(folder, name) ?? []);
}

/** The file of the backup `name` in `folder`, if there is one (names are checked by the caller). */
export function backupFile(folder: string, name: string): string | undefined {
  return describe(folder, name) ? path.join(folder, name) : undefined;
}

/** Deletes the oldest backups in `folder` beyond the newest `keep`; their names. */
export function pruneBackups(folder: string, keep: number): string[] {
  const doomed = backupsToDelete(readdirSync(folder), keep);
  for (const name of doomed) rmSync(path.join(folder, name), { force: true });
  return doomed;
}

/** A restore that would replace data, refused without --force: the command exits with 3. */
export class TargetNotEmptyError extends Error {
  override name = "TargetNotEmptyError";
}

/**
 * Restores a backup into the configured database: an empty one, or, with `force`, over what is
 * there (stop every server on it first). The app migrates it forward when next started. Returns
 * the backup's manifest.
 */
export async function restoreBackup(
  config: BackupConfig,
  file: string,
  { force = false } = {},
): Promise<Manifest> {
  ensurePrivateDir(config.dataDir);
  const work = scratchFolder(config.dataDir);
  try {
    const manifest = await unpackBackup(file, work);
    const { database } = config;
    if (manifest.database !== database.kind) {
      throw new Error(
        `This is a ${manifest.database} backup, but the app is configured for ${database.kind} (${database.kind === "postgres" ? "DATABASE_URL is set" : "DATABASE_URL is unset"}): it restores only into ${manifest.database}.`,
      );
    }
    const restored = path.join(work, DATABASE_ENTRY[manifest.database]);
    if (database.kind === "sqlite") {
      if (!force && sqliteHoldsTables(database.file)) {
        throw new TargetNotEmptyError(
          `${database.file} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it (stop the server first).`,
        );
      }
      // The WAL and shared-memory files belong to the database being replaced.
      for (const suffix of ["-wal", "-shm"]) rmSync(`${database.file}${suffix}`, { force: true });
      renameSync(restored, database.file);
      keepPrivate(database.file);
    } else {
      const target = database.connectionString;
      if (await postgresHoldsTables(target)) {
        if (!force) {
          throw new TargetNotEmptyError(
            "The database DATABASE_URL names already holds tables. Restore into an empty database, or add --force to replace them (stop every server on it first).",
          );
        }
        await emptyPostgres(target);
      }
      await restorePostgres(target, restored);
    }
    return manifest;
  } finally {
    removeFolder(work);
  }
}
