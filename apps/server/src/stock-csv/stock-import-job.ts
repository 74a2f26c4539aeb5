import {
  STOCK_IMPORT_MAX_ROWS,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
} from "@ultimate-bikes/contract/stock-csv";
import type { Actor } from "../bikes/bike-writes.ts";
import { parseCsv } from "./csv-text.ts";
import type { ImportConnection } from "./import-connection.ts";
import {
  currentBikesIn,
  importPlaces,
  importStock,
  type WriteTurn,
} from "./stock-csv-repository.ts";
import {
  columnsOf,
  idsNamedBy,
  planImport,
  previewRow,
  type ImportPlace,
} from "./stock-import-plan.ts";

/** What an import's process is asked to do with a file (stock-import-process.ts). */
export type ImportJob =
  { kind: "preview"; text: string } | { kind: "import"; text: string; actor: Actor };

/** What came of it, for the route to answer with. */
type TooManyRows = { outcome: "too-many-rows"; rows: number };
/**
 * A preview goes back as its JSON, made here: 20,000 rows cloned to the server's thread and
 * serialized there held its event loop for tens of milliseconds.
 */
export type PreviewOutcome = TooManyRows | { outcome: "previewed"; json: string };
export type ImportOutcome =
  | TooManyRows
  | { outcome: "refused"; problems: ImportProblem[] }
  | { outcome: "stale" }
  | { outcome: "imported"; result: ImportResult };

/** The file read as CSV with its columns known, or the problems that stop it there. */
function readImport(text: string, places: readonly ImportPlace[]) {
  const parsed = parseCsv(text);
  if (!parsed.ok) {
    return { problems: [{ line: parsed.line, column: null, message: parsed.message }] };
  }
  if (parsed.records.length > STOCK_IMPORT_MAX_ROWS) return { tooMany: parsed.records.length };
  const { columns, problems } = columnsOf(parsed.header, places);
  if (problems.length > 0) return { problems };
  return { columns, records: parsed.records, problems };
}

const countOf = (rows: readonly { action: string }[], action: string) =>
  rows.filter((row) => row.action === action).length;

/**
 * What importing a CSV file would do, row by row, or why rows are wrong; nothing changes. Like
 * importFile, it runs in a process of its own, off the server's event loop.
 */
export async function previewFile(
  connection: ImportConnection,
  text: string,
): Promise<PreviewOutcome> {
  const places = await importPlaces(connection);
  const file = readImport(text, places);
  if (file.tooMany !== undefined) return { outcome: "too-many-rows", rows: file.tooMany };
  if (!file.columns) {
    const summary = { create: 0, update: 0, unchanged: 0, error: 0 };
    const preview: ImportPreview = { rows: [], problems: file.problems, summary };
    return { outcome: "previewed", json: JSON.stringify(preview) };
  }
  const current = await currentBikesIn(connection, idsNamedBy(file.columns, file.records));
  const { rows, problems, failed } = planImport(file.columns, file.records, current, places);
  const summary = {
    create: countOf(rows, "create"),
    update: countOf(rows, "update"),
    unchanged: countOf(rows, "unchanged"),
    error: failed.length,
  };
  const errors = failed.map((row) => ({
    ...row,
    action: "error" as const,
    changes: [],
    unitsIn: 0,
  }));
  const shown = [...rows.map(previewRow), ...errors].sort((a, b) => a.line - b.line);
  const preview: ImportPreview = { rows: shown, problems, summary };
  return { outcome: "previewed", json: JSON.stringify(preview) };
}

/** Imports a CSV file: every row in one transaction, or none (stock-csv-repository.ts). */
export async function importFile(
  connection: ImportConnection,
  text: string,
  actor: Actor,
  turn: WriteTurn,
): Promise<ImportOutcome> {
  const places = await importPlaces(connection);
  const file = readImport(text, places);
  if (file.tooMany !== undefined) return { outcome: "too-many-rows", rows: file.tooMany };
  if (!file.columns) return { outcome: "refused", problems: file.problems };
  const { columns, records } = file;
  const done = await importStock(
    connection,
    idsNamedBy(columns, records),
    (current) => planImport(columns, records, current, places),
    actor,
    turn,
  );
  if (done === "stale") return { outcome: "stale" };
  if (done.problems.length > 0) return { outcome: "refused", problems: done.problems };
  const { rows } = done;
  return {
    outcome: "imported",
    result: {
      created: countOf(rows, "create"),
      updated: countOf(rows, "update"),
      unchanged: countOf(rows, "unchanged"),
    },
  };
}
