import {
  bikeDetailsInputSchema,
  bikeIdSchema,
  newBikeSchema,
  QUANTITY_MAX,
  wholeNumber,
} from "@ultimate-bikes/contract/bikes";
import {
  STOCK_IMPORT_PLACE_COLUMN,
  type ImportProblem,
  type ImportRow,
  type StockCsvColumn,
  type StockImportColumn,
} from "@ultimate-bikes/contract/stock-csv";
import type { z } from "zod";
import {
  changesBetween,
  type CurrentBike,
  type PlannedRow,
  type StoredDetails,
} from "../bikes/bike-details.ts";
import {
  exportOnlyColumns,
  foldedColumnName,
  IMPORT_COLUMN_LIST,
  importColumnNamed,
} from "./csv-columns.ts";
import type { CsvRecord } from "./csv-text.ts";

export interface ImportPlan {
  /** The rows without a problem: what they will do. */
  rows: PlannedRow[];
  problems: ImportProblem[];
  /** The rows with a problem, as the file names them: each is an error in the preview. */
  failed: FailedRow[];
}

/** A row that cannot be imported: its id and name cells (or the named bike's name). */
export interface FailedRow {
  line: number;
  id: string | null;
  name: string;
}

type Field = Exclude<keyof z.input<typeof newBikeSchema>, "email">;

/** Which API field each column fills. */
const FIELD_OF: Record<Exclude<StockCsvColumn, "id">, Field> = {
  name: "name",
  supplier: "supplierName",
  price: "price",
  quantity: "quantity",
  "reorder point": "reorderPoint",
  description: "des",
  photo: "photo",
};
const COLUMN_OF = Object.fromEntries(
  Object.entries(FIELD_OF).map(([column, field]) => [field, column]),
) as Record<Field, StockCsvColumn>;

/** A place an import may name (archived ones too, to say so). */
export interface ImportPlace {
  id: string;
  name: string;
  archived: boolean;
}

/**
 * The columns a header names, in its order; an unknown or repeated one is a problem. The
 * columns an export adds for the places (export-only columns) are read past: undefined, as
 * nothing of them is imported.
 */
export function columnsOf(header: string[], places: readonly ImportPlace[]) {
  const exportOnly = exportOnlyColumns(places.map((place) => place.name));
  const problems: ImportProblem[] = [];
  const seen = new Set<StockImportColumn>();
  const columns = header.map((name) => {
    const column = importColumnNamed(name);
    if (!column) {
      if (!exportOnly.has(foldedColumnName(name))) {
        problems.push({
          line: 1,
          column: name,
          message: `is not a column of the stock; the columns are ${IMPORT_COLUMN_LIST}`,
        });
      }
    } else if (seen.has(column)) {
      problems.push({ line: 1, column: name, message: "is there twice" });
    }
    if (column) seen.add(column);
    return column;
  });
  return { columns, problems };
}

/** The ids the rows name, well formed, to look their bikes up. */
export function idsNamedBy(columns: (StockImportColumn | undefined)[], records: CsvRecord[]) {
  const at = columns.indexOf("id");
  if (at < 0) return [];
  return records
    .map((record) => record.cells[at]?.trim() ?? "")
    .filter((id) => bikeIdSchema.safeParse(id).success);
}

const newBikeRow = newBikeSchema.omit({ email: true });
const quantityCell = wholeNumber();

/**
 * What an import will do, row by row: a row without an id adds a bike (every column but the
 * reorder point required); a row with one updates that bike, each empty cell keeping what it has.
 * An update may raise the stock (the difference is an import in the ledger) but never lower it:
 * units leave only by deliveries. Every wrong cell is a problem with its line and column. A row's
 * units in go to the place its `place` cell names (an open place, by name, any case), else to the
 * importer's default place (`placeId` left out).
 */
export function planImport(
  columns: (StockImportColumn | undefined)[],
  records: CsvRecord[],
  current: ReadonlyMap<string, CurrentBike>,
  places: readonly ImportPlace[],
): ImportPlan {
  const placeNamed = new Map(places.map((place) => [place.name.trim().toLowerCase(), place]));
  const rows: PlannedRow[] = [];
  const problems: ImportProblem[] = [];
  const failed: FailedRow[] = [];
  const lineOfId = new Map<string, number>();

  for (const record of records) {
    const before = problems.length;
    const planned = planRow(record);
    if (problems.length === before) {
      if (planned) rows.push(planned);
      continue;
    }
    // A row with a problem does nothing, whatever else in it would have been fine.
    const id = cellOf(columns, record, "id");
    const name = cellOf(columns, record, "name") || current.get(id)?.name || "";
    failed.push({ line: record.line, id: id || null, name });
  }
  return { rows, problems, failed };

  function planRow({ line, cells }: CsvRecord): PlannedRow | undefined {
    const given: Partial<Record<Field, string>> = {};
    let id = "";
    let placeName = "";
    columns.forEach((column, index) => {
      const cell = cells[index]?.trim() ?? "";
      if (!column || cell === "") return;
      if (column === "id") id = cell;
      else if (column === STOCK_IMPORT_PLACE_COLUMN) placeName = cell;
      else given[FIELD_OF[column]] = cell;
    });
    const problem = (column: StockImportColumn | null, message: string) =>
      problems.push({ line, column, message });
    const fieldProblems = (issues: z.core.$ZodIssue[]) =>
      issues.forEach((issue) => problem(COLUMN_OF[issue.path[0] as Field] ?? null, issue.message));

    // Where its units go: named, it must be an open place, whatever else the row does.
    const place = placeName === "" ? undefined : placeNamed.get(placeName.toLowerCase());
    if (placeName !== "" && !place) problem("place", `names no place: "${placeName}"`);
    else if (place?.archived) {
      problem("place", `names ${place.name}, which is archived: it takes no new stock`);
    }
    const at = place && !place.archived ? { placeId: place.id } : {};

    if (id === "") {
      const parsed = newBikeRow.safeParse(given);
      if (parsed.success) return { line, action: "create", bike: parsed.data, ...at };
      fieldProblems(parsed.error.issues);
      return undefined;
    }
    const bike = current.get(id);
    if (!bike) {
      problem("id", "names no bike in the warehouse (leave it empty to add a new bike)");
      return undefined;
    }
    const earlier = lineOfId.get(id);
    if (earlier !== undefined) {
      problem("id", `names the same bike as line ${earlier}`);
      return undefined;
    }
    lineOfId.set(id, line);
    const { quantity, ...details } = given;
    const next = bikeDetailsInputSchema.safeParse({ ...formValues(bike), ...details });
    let unitsIn = 0;
    if (quantity !== undefined) {
      const parsed = quantityCell.safeParse(quantity);
      if (!parsed.success)
        fieldProblems(parsed.error.issues.map((issue) => ({ ...issue, path: ["quantity"] })));
      else if (parsed.data < bike.quantity) {
        problem(
          "quantity",
          `is below the ${bike.quantity} in stock: units leave only by deliveries`,
        );
      } else if (parsed.data > QUANTITY_MAX) {
        problem("quantity", `must be at most ${QUANTITY_MAX.toLocaleString("en-US")}`);
      } else if (parsed.data > bike.quantity && bike.tracksUnits) {
        problem(
          "quantity",
          "is for a model tracked by unit: import its units on its page, by chassis and engine number",
        );
      } else unitsIn = parsed.data - bike.quantity;
    }
    if (!next.success) {
      fieldProblems(next.error.issues);
      return undefined;
    }
    const changes = changesBetween(bike, next.data);
    if (changes.length === 0 && unitsIn === 0) {
      return { line, action: "unchanged", id, name: bike.name };
    }
    return { line, action: "update", id, before: bike, next: next.data, changes, unitsIn, ...at };
  }
}

/** The trimmed cell of a column in a record; "" when the file has no such column. */
function cellOf(
  columns: (StockImportColumn | undefined)[],
  record: CsvRecord,
  column: StockCsvColumn,
) {
  const at = columns.indexOf(column);
  return at < 0 ? "" : (record.cells[at]?.trim() ?? "");
}

/** The stored details as a form (or a CSV cell) holds them. */
function formValues({ name, photo, des, price, supplierName, reorderPoint }: StoredDetails) {
  return { name, photo, des, price, supplierName, reorderPoint };
}

/** A planned row as the preview shows it. */
export function previewRow(row: PlannedRow): ImportRow {
  switch (row.action) {
    case "create":
      return {
        line: row.line,
        action: "create",
        id: null,
        name: row.bike.name,
        changes: [],
        unitsIn: row.bike.quantity,
      };
    case "update":
      return {
        line: row.line,
        action: "update",
        id: row.id,
        name: row.next.name,
        changes: row.changes,
        unitsIn: row.unitsIn,
      };
    case "unchanged":
      return {
        line: row.line,
        action: "unchanged",
        id: row.id,
        name: row.name,
        changes: [],
        unitsIn: 0,
      };
  }
}
