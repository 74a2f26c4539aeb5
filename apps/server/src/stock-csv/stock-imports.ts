import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Actor } from "../bikes/bike-writes.ts";
import type { DatabaseConfig } from "../config.ts";
import type { WriteTurns } from "../db/write-turns.ts";
import type { ImportJob, ImportOutcome, PreviewOutcome } from "./stock-import-job.ts";
import type { ImportProcessMessage, ImportTask } from "./stock-import-process.ts";

const script = fileURLToPath(new URL("./stock-import-process.ts", import.meta.url));

/**
 * CSV previews and imports, each in a process of its own (stock-import-process.ts), so the
 * event loop answers other requests meanwhile. A process per file rather than a worker thread:
 * it starts as fast, and when it ends the system has back all it took; a thread's allocations
 * stayed with the server (docs/decisions/024). `committed` runs after an import that wrote
 * (db/stock-changes.ts); on SQLite, `turns` holds the server's own writes back while the
 * process writes (db/write-turns.ts).
 */
export function createStockImports({
  database,
  turns,
  committed,
}: {
  database: DatabaseConfig;
  turns?: WriteTurns;
  committed: () => void;
}) {
  /** The job's outcome: a preview's for a preview, an import's for an import. */
  function run<Outcome extends PreviewOutcome | ImportOutcome>(job: ImportJob): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      // No options of the server's own process (an inspector, a preload): only the job.
      const child = fork(script, [], { execArgv: [], serialization: "advanced" });
      let endTurn: (() => void) | undefined;
      let settled = false;
      const settle = () => {
        settled = true;
        endTurn?.();
        endTurn = undefined;
      };
      child.on("message", (message: ImportProcessMessage) => {
        if (message.type === "ready") {
          child.send({ database, job } satisfies ImportTask);
          return;
        }
        if (message.type === "turn") {
          const granted = () =>
            new Promise<void>((ended) => {
              endTurn = ended;
              child.send("go");
            });
          void (turns ? turns.exclusive(granted) : granted());
          return;
        }
        settle();
        if (message.type === "failed") {
          reject(new Error(`The CSV import failed: ${message.message}`));
        } else {
          if (message.outcome.outcome === "imported") committed();
          resolve(message.outcome as Outcome);
        }
      });
      child.on("error", (error) => {
        if (settled) return;
        settle();
        reject(error);
      });
      child.on("exit", (code, signal) => {
        if (settled) return;
        settle();
        reject(new Error(`The CSV import's process ended (${signal ?? `exit code ${code}`}).`));
      });
    });
  }

  return {
    /** What importing `text` would do, row by row; changes nothing. */
    preview: (text: string) => run<PreviewOutcome>({ kind: "preview", text }),
    /** Imports `text` in one transaction, or nothing. */
    import: (text: string, actor: Actor) => run<ImportOutcome>({ kind: "import", text, actor }),
  };
}

export type StockImports = ReturnType<typeof createStockImports>;
