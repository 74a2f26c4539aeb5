/**
 * Copies a live SQLite database with its online backup API, in a thread of its own so that a
 * large file never holds the server's event loop (sqlite-backup.ts starts it).
 */
import SQLite from "better-sqlite3";
import { workerData } from "node:worker_threads";

const { source, destination } = workerData as { source: string; destination: string };

const database = new SQLite(source, { readonly: true, fileMustExist: true });
try {
  database.pragma("busy_timeout = 5000");
  // Every page in one step, under one read transaction: in WAL mode writers carry on meanwhile,
  // and the copy is the database as of one moment. Steps of a few pages would start over after
  // every write another connection (the server, a CSV import) commits, and might never finish.
  await database.backup(destination, { progress: () => 0x7fffffff });
} finally {
  database.close();
}
