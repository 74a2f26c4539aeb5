import { unitListSchema, type NewUnit } from "@ultimate-bikes/contract/units";

/*
 * The rows of units a person types, scans or pastes (Import on a tracked model, turning tracking
 * on), as text, checked with the contract's own schemas before anything is sent.
 */

export const UNIT_FIELDS = ["chassis", "engine", "colour", "modelYear"] as const;
export type UnitField = (typeof UNIT_FIELDS)[number];

export const UNIT_FIELD_LABELS: Record<UnitField, string> = {
  chassis: "Chassis number",
  engine: "Engine number",
  colour: "Colour",
  modelYear: "Model year",
};

export type UnitRow = Record<UnitField, string> & { key: number };

let nextKey = 0;
export const emptyUnitRow = (): UnitRow => ({
  key: nextKey++,
  chassis: "",
  engine: "",
  colour: "",
  modelYear: "",
});

const isBlank = (row: UnitRow) => UNIT_FIELDS.every((field) => row[field].trim() === "");

/**
 * A pasted list, one unit a line: chassis, engine, colour, year, split by tabs (a spreadsheet's
 * copy) or else by commas. Blank lines and a heading line ("Chassis…") are left out.
 */
export function parseUnitLines(text: string): UnitRow[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "" && !/^\s*chassis\b/i.test(line))
    .map((line) => {
      const [chassis = "", engine = "", colour = "", modelYear = ""] = line
        .split(line.includes("\t") ? "\t" : ",")
        .map((cell) => cell.trim());
      return { ...emptyUnitRow(), chassis, engine, colour, modelYear };
    });
}

/** Rows with pasted ones after them, the blank rows left behind dropped. */
export const withPastedRows = (rows: readonly UnitRow[], pasted: readonly UnitRow[]) => [
  ...rows.filter((row) => !isBlank(row)),
  ...pasted,
];

/** What is wrong with each row, by field: `rowErrors[2].chassis`. */
export type UnitRowErrors = Partial<Record<UnitField, string>>[];

export type UnitRowsCheck =
  { ok: true; units: NewUnit[] } | { ok: false; rowErrors: UnitRowErrors; problem: string };

/** The rows as the API takes them, or what is wrong with each, in the contract's words. */
export function checkUnitRows(rows: readonly UnitRow[]): UnitRowsCheck {
  const result = unitListSchema.safeParse(
    rows.map((row) => ({
      chassis: row.chassis,
      engine: row.engine,
      colour: row.colour.trim(),
      modelYear: row.modelYear.trim() === "" ? undefined : Number(row.modelYear),
    })),
  );
  if (result.success) return { ok: true, units: result.data };
  const rowErrors: UnitRowErrors = rows.map(() => ({}));
  let problem: string | undefined;
  for (const issue of result.error.issues) {
    const [index, field] = issue.path;
    if (typeof index === "number" && UNIT_FIELDS.includes(field as UnitField)) {
      const errors = rowErrors[index]!;
      errors[field as UnitField] ??= `${UNIT_FIELD_LABELS[field as UnitField]} ${issue.message}`;
      problem ??= `Unit ${index + 1}: ${errors[field as UnitField]}.`;
    } else {
      problem ??= `The list ${issue.message}.`;
    }
  }
  return { ok: false, rowErrors, problem: problem ?? "Please check the units." };
}
