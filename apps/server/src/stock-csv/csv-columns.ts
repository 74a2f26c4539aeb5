import {
  IN_TRANSIT_COLUMN,
  STOCK_CSV_COLUMNS,
  STOCK_IMPORT_PLACE_COLUMN,
  type StockImportColumn,
} from "@ultimate-bikes/contract/stock-csv";

/*
 * The names of the stock CSV's columns, shared by the export and the import (which runs in a
 * process without Kysely: this module imports none). Spreadsheets and people write a header in
 * many ways, so names are compared folded: any case, without spaces, _ or -, and without the '
 * the export puts before a name a spreadsheet would read as a formula.
 */

export const foldedColumnName = (text: string) =>
  text
    .trim()
    .replace(/^'/, "")
    .toLowerCase()
    .replace(/[\s_-]+/g, "");

/** Other names spreadsheets give the columns. */
const ALIASES: Record<string, StockImportColumn> = {
  suppliername: "supplier",
  qty: "quantity",
  des: "description",
  photourl: "photo",
  location: STOCK_IMPORT_PLACE_COLUMN,
};

const IMPORT_COLUMNS: readonly StockImportColumn[] = [
  ...STOCK_CSV_COLUMNS,
  STOCK_IMPORT_PLACE_COLUMN,
];
const BY_FOLDED_NAME = new Map<string, StockImportColumn>([
  ...IMPORT_COLUMNS.map((column) => [foldedColumnName(column), column] as const),
  ...Object.entries(ALIASES),
]);

/** The import's column a header cell names, if any. */
export const importColumnNamed = (name: string) => BY_FOLDED_NAME.get(foldedColumnName(name));

/** Every column an import reads, as its error message lists them. */
export const IMPORT_COLUMN_LIST = IMPORT_COLUMNS.join(", ");

/**
 * The export's column of a place's units: the place's name, or "At {name}" when the name is one
 * of the columns' names (a place called "Price" or "In transit"), so that no header is there twice
 * and an import reads the file back.
 */
export function placeColumnName(placeName: string): string {
  const folded = foldedColumnName(placeName);
  const taken = BY_FOLDED_NAME.has(folded) || folded === foldedColumnName(IN_TRANSIT_COLUMN);
  return taken ? `At ${placeName}` : placeName;
}

/**
 * The folded names of the columns an export adds (each place's units and the units in transit):
 * an import reads past them, as they say where units are rather than what to change.
 */
export const exportOnlyColumns = (placeNames: readonly string[]) =>
  new Set([
    ...placeNames.map((name) => foldedColumnName(placeColumnName(name))),
    foldedColumnName(IN_TRANSIT_COLUMN),
  ]);
