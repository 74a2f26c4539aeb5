/**
 * A process that does one CSV preview or import (stock-import-job.ts) on a database connection
 * of its own, so that reading, planning and writing 20,000 rows never holds the server's event
 * loop, and that what it takes in memory goes back to the system when it ends. stock-imports.ts
 * starts it, gives it its job and hears its messages.
 */
import { once } from "node:events";
import type { DatabaseConfig } from "../config.ts";
import { connect } from "./import-connection.ts";
import {
  importFile,
  previewFile,
  type ImportJob,
  type ImportOutcome,
  type PreviewOutcome,
} from "./stock-import-job.ts";

/** What the server sends once the process is ready. */
export interface ImportTask {
  database: DatabaseConfig;
  job: ImportJob;
}

/**
 * What the process tells the server: it is ready for its task (a message sent before it listens
 * would be lost), it wants its turn to write (the server answers with any message once its own
 * writes have made way), it is done, or it failed.
 */
export type ImportProcessMessage =
  | { type: "ready" }
  | { type: "turn" }
  | { type: "done"; outcome: PreviewOutcome | ImportOutcome }
  | { type: "failed"; message: string };

const tell = (message: ImportProcessMessage) =>
  new Promise<void>((resolve, reject) =>
    process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())),
  );

// A server that is gone wants nothing more: an import under way is rolled back with the connection.
process.once("disconnect", () => process.exit(1));

const task = once(process, "message");
await tell({ type: "ready" });
const [{ database, job }] = (await task) as [ImportTask];

/**
 * On SQLite one connection writes at a time, and the server's connection would wait for this
 * one's lock with its event loop blocked: so this process asks for its turn, and the server holds
 * its own writes back until this one is done (db/write-turns.ts). PostgreSQL locks only rows.
 */
async function myTurn<T>(write: () => Promise<T>): Promise<T> {
  if (database.kind === "sqlite") {
    const granted = once(process, "message");
    await tell({ type: "turn" });
    await granted;
  }
  return write();
}

try {
  const connection = await connect(database);
  try {
    const outcome =
      job.kind === "preview"
        ? await previewFile(connection, job.text)
        : await importFile(connection, job.text, job.actor, myTurn);
    await tell({ type: "done", outcome });
  } finally {
    await connection.close();
  }
} catch (error) {
  await tell({ type: "failed", message: error instanceof Error ? error.message : String(error) });
}
process.disconnect();
