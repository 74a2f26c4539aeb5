import SQLite from "better-sqlite3";
import { Worker } from "node:worker_threads";
import { once } from "node:events";
import { lastMigration } from "./backup-file.ts";

/** A consistent copy of the SQLite database `source`, made while it is in use, at `destination`. */
export async function copySqlite(source: string, destination: string): Promise<void> {
  const worker = new Worker(new URL("./sqlite-copy-worker.ts", import.meta.url), {
    workerData: { source, destination },
  });
  const [code] = (await Promise.race([
    once(worker, "exit"),
    once(worker, "error").then(([error]) => Promise.reject(error as Error)),
  ])) as [number];
  if (code !== 0) throw new Error(`the SQLite copy stopped (exit code ${code})`);
}

/** The last migration a SQLite database file recorded ("" for none). */
export function sqliteMigrationLevel(file: string): string {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const migrated = database
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (migrated === undefined) return "";
    return lastMigration(
      database.prepare("select name from kysely_migration").all() as { name: string }[],
    );
  } finally {
    database.close();
  }
}

/** Whether a SQLite database file holds any table (a new or missing file holds none). */
export function sqliteHoldsTables(file: string): boolean {
  let database: SQLite.Database;
  try {
    database = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch {
    return false;
  }
  try {
    return (
      database.prepare("select 1 from sqlite_master where type = 'table' limit 1").get() !==
      undefined
    );
  } finally {
    database.close();
  }
}
