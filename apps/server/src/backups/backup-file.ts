import { BACKUP_NAME_PATTERN } from "@ultimate-bikes/contract/backups";
import { chmodSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { create, extract } from "tar";
import { z } from "zod";

/**
 * A backup is one plain `.tar` (docs/decisions/031): `manifest.json` and the database, either
 * `database.sqlite` (SQLite's online backup, a database file ready to open) or `database.pgdump`
 * (pg_dump's custom format, for pg_restore). Any tar reads it: `tar -xf ultimate-bikes-….tar`.
 */
export const MANIFEST = "manifest.json";
export const DATABASE_ENTRY = { sqlite: "database.sqlite", postgres: "database.pgdump" } as const;

export const manifestSchema = z.object({
  format: z.literal("ultimate-bikes-backup"),
  formatVersion: z.literal(1),
  database: z.enum(["sqlite", "postgres"]),
  /** The last migration the database had: a restore migrates forward from it on start. */
  migration: z.string(),
  createdAt: z.string(),
  /** Where the auth secret that signs sessions and access tokens lives; never in the backup. */
  authSecret: z.object({
    from: z.enum(["environment", "data-dir"]),
    note: z.string(),
  }),
  /** PostgreSQL: the server's and pg_dump's versions, as `16.4`. */
  postgres: z.object({ server: z.string(), pgDump: z.string() }).optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const AUTH_SECRET_NOTES: Record<Manifest["authSecret"]["from"], string> = {
  environment:
    "The auth secret came from AUTH_SECRET: restore with the same AUTH_SECRET, or everyone signs in again.",
  "data-dir":
    "The auth secret is the file auth-secret in DATA_DIR and is not in this backup: to keep people signed in, copy the original DATA_DIR/auth-secret into the restored DATA_DIR (replacing any there) before the app starts; otherwise everyone signs in again.",
};

/** The highest migration name: they are numbered (`021-place-search-keys`). */
export const lastMigration = (rows: readonly { name: string }[]) =>
  rows
    .map((row) => row.name)
    .sort()
    .at(-1) ?? "";

/** The backup's name for a moment: its ISO 8601 UTC time with `-` for `:`. */
export function backupName(at: Date): string {
  return `ultimate-bikes-${at.toISOString().replaceAll(":", "-")}.tar`;
}

/** When a backup was made, read back from its name; undefined for any other file. */
export function backupTime(name: string): Date | undefined {
  if (!BACKUP_NAME_PATTERN.test(name)) return undefined;
  const iso = name.slice("ultimate-bikes-".length, -".tar".length);
  const [date, time] = iso.split("T") as [string, string];
  return new Date(`${date}T${time.replace(/^(\d{2})-(\d{2})-/, "$1:$2:")}`);
}

/** A scratch folder beside `near` (same file system, so its files move by renaming). */
export function scratchFolder(near: string): string {
  return mkdtempSync(path.join(near, ".backup-work-"));
}

/**
 * Packs the manifest and the database file already in `work` into `folder/name`. The
 * tar is written under a temporary name and renamed, so a half-written backup is never listed.
 */
export async function packBackup(
  folder: string,
  name: string,
  manifest: Manifest,
  work: string,
): Promise<void> {
  writeFileSync(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const partial = path.join(folder, `.${name}.partial`);
  await create({ file: partial, cwd: work, portable: true }, [
    MANIFEST,
    DATABASE_ENTRY[manifest.database],
  ]);
  // It holds every account and the stock: for the server's user alone, as DATA_DIR's files are.
  chmodSync(partial, 0o600);
  renameSync(partial, path.join(folder, name));
}

/**
 * Unpacks a backup into `work` (only its two known entries) and reads its manifest; a file that
 * is not one of ours is a clear error.
 */
export async function unpackBackup(file: string, work: string): Promise<Manifest> {
  const entries = new Set<string>([MANIFEST, ...Object.values(DATABASE_ENTRY)]);
  try {
    await extract({ file, cwd: work, strict: true, filter: (entry) => entries.has(entry) });
  } catch (error) {
    throw new Error(`${file} is not a readable backup (a .tar file): ${(error as Error).message}`, {
      cause: error,
    });
  }
  let text: string;
  try {
    text = readFileSync(path.join(work, MANIFEST), "utf8");
  } catch {
    throw new Error(`${file} has no ${MANIFEST}: it is not an Ultimate Bikes backup`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const manifest = manifestSchema.safeParse(json);
  if (!manifest.success) {
    throw new Error(`${file} has a manifest this version does not understand`);
  }
  return manifest.data;
}

export const removeFolder = (folder: string) => rmSync(folder, { recursive: true, force: true });
