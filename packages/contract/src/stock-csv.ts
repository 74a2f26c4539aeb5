import { z } from "zod";
import { bikeChangeSchema } from "./bikes.ts";
import { stockFilterQuerySchema } from "./stock.ts";

/**
 * CSV in and out of the stock (issue 13). The columns, by the header a spreadsheet shows; an
 * import also takes each column's other usual names (`csvColumnAliases`).
 */
export const STOCK_CSV_COLUMNS = [
  "id",
  "name",
  "supplier",
  "price",
  "quantity",
  "reorder point",
  "description",
  "photo",
] as const;
export const stockCsvColumnSchema = z.enum(STOCK_CSV_COLUMNS);
export type StockCsvColumn = z.infer<typeof stockCsvColumnSchema>;

/**
 * The import's optional column (issue 23): where a row's units go, a place by its name (any
 * case); without it, or with the cell empty, the importer's default place.
 */
export const STOCK_IMPORT_PLACE_COLUMN = "place";
/** A column an import reads. */
export type StockImportColumn = StockCsvColumn | typeof STOCK_IMPORT_PLACE_COLUMN;

/**
 * The export's last column when it has `quantity` (issue 23): the units on their way between
 * places. Before it, one column a place with the units there (see the server's csv-columns.ts).
 */
export const IN_TRANSIT_COLUMN = "In transit";

/** The most rows one import takes: one transaction that stays short, and a preview people read. */
export const STOCK_IMPORT_MAX_ROWS = 20_000;
/** The most bytes an import file may have (about 20,000 rows with long descriptions). */
export const STOCK_IMPORT_MAX_BYTES = 8 * 1024 * 1024;

/**
 * `GET /stock/export.csv`: the bikes `GET /stock` would find with the same filters (`q`,
 * `supplier`, `status`, `owner`; all bikes without any), and `columns`: which, in this order;
 * all of them by default. With `quantity`, the units at each place and in transit follow them.
 */
export const stockExportQuerySchema = stockFilterQuerySchema.extend({
  columns: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === "") return [...STOCK_CSV_COLUMNS];
      const names = value.split(",").map((name) => name.trim());
      const unknown = names.filter((name) => !stockCsvColumnSchema.safeParse(name).success);
      if (unknown.length > 0) {
        context.addIssue({
          code: "custom",
          message: `has no column ${unknown.map((name) => `"${name}"`).join(", ")}; the columns are ${STOCK_CSV_COLUMNS.join(", ")}`,
        });
        return z.NEVER;
      }
      return [...new Set(names)] as StockCsvColumn[];
    }),
});

/** A problem with one cell (or a whole row, `column` null) of an import, as a person fixes it. */
export const importProblemSchema = z.object({
  /** The file's line the row starts on (the header is line 1). */
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** What the import will do to one row's bike; `error`: the row has a problem (see `problems`). */
export const importRowSchema = z.object({
  line: z.number().int(),
  action: z.enum(["create", "update", "unchanged", "error"]),
  /** The bike updated (or named, for an error); null for a new one. */
  id: z.string().nullable(),
  name: z.string(),
  /** On update: each detail it changes. */
  changes: z.array(bikeChangeSchema),
  /** Units it adds (an update may only raise the stock; a new bike starts with its quantity). */
  unitsIn: z.number().int(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** `POST /stock/import-preview`: the plan, row by row, or why rows are wrong. Nothing changes. */
export const importPreviewSchema = z.object({
  rows: z.array(importRowSchema),
  problems: z.array(importProblemSchema),
  summary: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    /** Rows with a problem: while there are any, nothing is imported. */
    error: z.number().int(),
  }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** `POST /stock/imports`: what one transaction did. */
export const importResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
