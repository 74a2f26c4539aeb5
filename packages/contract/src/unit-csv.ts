import { z } from "zod";
import { importPreviewSchema, importProblemSchema, importResultSchema } from "./stock-csv.ts";
import { unitStatusSchema } from "./units.ts";

/**
 * Units in CSV files (issue 24): exported with where each is, imported to add arriving units of
 * tracked models or to correct recorded ones, found by chassis number. All or nothing.
 */

/** The export's columns, in order; an import reads those it can set and skips the others. */
export const UNIT_CSV_COLUMNS = [
  "chassis",
  "engine",
  "model id",
  "model",
  "colour",
  "model year",
  "place",
  "status",
  "arrived",
  "delivered",
  "notes",
] as const;
export type UnitCsvColumn = (typeof UNIT_CSV_COLUMNS)[number];
/** Columns only the export writes: an import leaves them be (units move by stock actions). */
export const UNIT_CSV_EXPORT_ONLY: readonly UnitCsvColumn[] = [
  "model",
  "status",
  "arrived",
  "delivered",
];

export const UNIT_IMPORT_MAX_ROWS = 5_000;

/** `GET /units/export.csv`: one model's, one place's or one status's units; all without. */
export const unitExportQuerySchema = z.strictObject({
  bike: z.uuid({ error: "must be a bike id" }).optional(),
  place: z.uuid({ error: "must be a place id" }).optional(),
  status: unitStatusSchema.optional(),
});

/** `POST /units/import-preview` and `/units/imports`: keep mismatched check digits when true. */
export const unitImportQuerySchema = z.strictObject({
  checkDigitsConfirmed: z.enum(["true", "false"]).optional(),
});

/** What the import does to one row's unit. */
export const unitImportRowSchema = z.object({
  line: z.number().int(),
  action: z.enum(["create", "update", "unchanged", "error"]),
  chassis: z.string(),
  /** The model it belongs to (or will), by name; empty when the row names none. */
  bikeName: z.string(),
  /** On update: each field it changes, from and to as the file writes them. */
  changes: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
});
export type UnitImportRow = z.infer<typeof unitImportRowSchema>;

export const unitImportPreviewSchema = z.object({
  rows: z.array(unitImportRowSchema),
  problems: z.array(importProblemSchema),
  /** As the stock import's: rows by what they do, and rows with a problem. */
  summary: importPreviewSchema.shape.summary,
});
export type UnitImportPreview = z.infer<typeof unitImportPreviewSchema>;

/** What one transaction did: as the stock import answers. */
export const unitImportResultSchema = importResultSchema;
