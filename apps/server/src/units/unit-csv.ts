import { QUANTITY_MAX } from "@ultimate-bikes/contract/bikes";
import type { ImportProblem } from "@ultimate-bikes/contract/stock-csv";
import {
  UNIT_CSV_COLUMNS,
  UNIT_CSV_EXPORT_ONLY,
  UNIT_IMPORT_MAX_ROWS,
  type UnitCsvColumn,
  type UnitImportPreview,
  type UnitImportRow,
} from "@ultimate-bikes/contract/unit-csv";
import {
  chassisCheckDigitMatches,
  chassisSchema,
  newUnitSchema,
  type NewUnit,
  type UnitStatus,
} from "@ultimate-bikes/contract/units";
import { sql, type Kysely, type Transaction } from "kysely";
import { now, recordMovement, type Actor, type Executor } from "../bikes/bike-writes.ts";
import { toIsoTimestamp, type Database } from "../db/schema.ts";
import { addAtPlace } from "../places/place-stock.ts";
import { csvLine, parseCsv } from "../stock-csv/csv-text.ts";
import { addUnits, linkUnits, reversed } from "./unit-stock.ts";

/*
 * Units in CSV files (issue 24). The export streams every unit asked for with its model and
 * place. An import finds each row's unit by chassis number: a recorded one gets the details the
 * row changes (engine, colour, model year, notes: where a unit is changes only by stock
 * actions), a new one arrives in stock at the row's place, its model's counts rising with it.
 * The preview says what each row does; the import does it all in one transaction, or nothing.
 */

const EXPORT_PAGE = 1000;

/** The units an export writes, a page at a time after `afterId`, in id order. */
function exportPage(
  db: Kysely<Database>,
  filter: {
    bike?: string | undefined;
    place?: string | undefined;
    status?: UnitStatus | undefined;
  },
  afterId: string | null,
) {
  let query = db
    .selectFrom("unit")
    .leftJoin("bike", "bike.id", "unit.bike_id")
    .leftJoin("place", "place.id", "unit.place_id")
    .select([
      "unit.id",
      "unit.chassis",
      "unit.engine",
      "unit.bike_id",
      "bike.name as bike_name",
      "unit.colour",
      "unit.model_year",
      "place.name as place_name",
      "unit.status",
      "unit.arrived_at",
      "unit.delivered_at",
      "unit.notes",
    ])
    .orderBy("unit.id")
    .limit(EXPORT_PAGE);
  if (filter.bike !== undefined) query = query.where("unit.bike_id", "=", filter.bike);
  if (filter.place !== undefined) query = query.where("unit.place_id", "=", filter.place);
  if (filter.status !== undefined) query = query.where("unit.status", "=", filter.status);
  if (afterId !== null) query = query.where("unit.id", ">", afterId);
  return query.execute();
}

/** The export's lines: the header, then a line a unit. */
export async function* unitCsvLines(
  db: Kysely<Database>,
  filter: Parameters<typeof exportPage>[1],
): AsyncGenerator<string> {
  yield csvLine(UNIT_CSV_COLUMNS);
  let after: string | null = null;
  for (;;) {
    const page = await exportPage(db, filter, after);
    for (const unit of page) {
      yield csvLine([
        unit.chassis,
        unit.engine,
        unit.bike_id,
        unit.bike_name ?? "",
        unit.colour,
        unit.model_year,
        unit.place_name ?? "",
        unit.status,
        toIsoTimestamp(unit.arrived_at),
        unit.delivered_at === null ? "" : toIsoTimestamp(unit.delivered_at),
        unit.notes,
      ]);
    }
    if (page.length < EXPORT_PAGE) return;
    after = page.at(-1)!.id;
  }
}

/** A unit recorded, as an import compares a row with it. */
interface RecordedUnit {
  id: string;
  bike_id: string;
  bike_name: string | null;
  engine: string;
  colour: string;
  model_year: number;
  notes: string;
}

/** The details a row may change on a recorded unit, by column, as the file writes them. */
const EDITABLE = {
  engine: (unit: RecordedUnit) => unit.engine,
  colour: (unit: RecordedUnit) => unit.colour,
  "model year": (unit: RecordedUnit) => String(unit.model_year),
  notes: (unit: RecordedUnit) => unit.notes,
} as const;
type EditableColumn = keyof typeof EDITABLE;

/** What an import will write, or why it cannot. */
export interface UnitImportPlan {
  preview: UnitImportPreview;
  /** New units by model and place, with the file's line of each. */
  arrivals: Map<string, { bikeId: string; placeId: string; units: NewUnit[]; lines: number[] }>;
  updates: {
    unitId: string;
    bikeId: string;
    line: number;
    set: Partial<Record<EditableColumn, string>>;
  }[];
}

/**
 * Reads a units file against the database as `executor` sees it (inside the import's
 * transaction, as it will be written). `checkDigitsConfirmed` keeps new chassis numbers whose
 * check digit does not match; otherwise each is a problem to confirm.
 */
export async function planUnitImport(
  executor: Executor,
  text: string,
  checkDigitsConfirmed: boolean,
): Promise<UnitImportPlan> {
  const problems: ImportProblem[] = [];
  const rows: UnitImportRow[] = [];
  const plan: UnitImportPlan = {
    preview: { rows, problems, summary: { create: 0, update: 0, unchanged: 0, error: 0 } },
    arrivals: new Map(),
    updates: [],
  };
  const parsed = parseCsv(text);
  if (!parsed.ok) {
    problems.push({ line: parsed.line, column: null, message: parsed.message });
    return plan;
  }
  const columns = parsed.header.map((name) => name.trim().toLowerCase());
  for (const name of columns) {
    if (!UNIT_CSV_COLUMNS.includes(name as UnitCsvColumn)) {
      problems.push({
        line: 1,
        column: name,
        message: `is not a column of units; the columns are ${UNIT_CSV_COLUMNS.join(", ")}`,
      });
    }
  }
  if (!columns.includes("chassis")) {
    problems.push({ line: 1, column: "chassis", message: "is missing: it finds each unit" });
  }
  if (parsed.records.length > UNIT_IMPORT_MAX_ROWS) {
    problems.push({
      line: 1,
      column: null,
      message: `has ${parsed.records.length} rows; at most ${UNIT_IMPORT_MAX_ROWS} a file`,
    });
  }
  if (problems.length > 0) return plan;

  const cellsOf = (cells: string[]) => {
    const cell: Partial<Record<UnitCsvColumn, string>> = {};
    columns.forEach((column, index) => {
      if (!UNIT_CSV_EXPORT_ONLY.includes(column as UnitCsvColumn)) {
        cell[column as UnitCsvColumn] = (cells[index] ?? "").trim();
      }
    });
    return cell;
  };
  const records = parsed.records.map((record) => ({
    line: record.line,
    cell: cellsOf(record.cells),
  }));
  const chassisOf = new Map<number, string>();
  for (const { line, cell } of records) {
    const chassis = chassisSchema.safeParse(cell.chassis ?? "");
    if (chassis.success) chassisOf.set(line, chassis.data);
    else problems.push({ line, column: "chassis", message: chassis.error.issues[0]!.message });
  }
  const recorded = await recordedUnits(executor, [...chassisOf.values()]);
  const places = await executor.selectFrom("place").select(["id", "name", "archived_at"]).execute();
  const placeNamed = new Map(places.map((place) => [place.name.toLowerCase(), place]));
  const bikeIds = [...new Set(records.map(({ cell }) => cell["model id"] ?? "").filter(Boolean))];
  const bikes = bikeIds.length
    ? await executor
        .selectFrom("bike")
        .select(["id", "name", "tracks_units"])
        .where(
          "id",
          "in",
          bikeIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
        )
        .execute()
    : [];
  const bikeOf = new Map(bikes.map((bike) => [bike.id, bike]));
  const lineOfChassis = new Map<string, number>();

  for (const { line, cell } of records) {
    const chassis = chassisOf.get(line);
    const problem = (column: string | null, message: string) =>
      problems.push({ line, column, message });
    const before = problems.length;
    if (chassis === undefined) {
      rows.push({ line, action: "error", chassis: cell.chassis ?? "", bikeName: "", changes: [] });
      continue;
    }
    const earlier = lineOfChassis.get(chassis);
    if (earlier !== undefined) problem("chassis", `is on line ${earlier} too`);
    lineOfChassis.set(chassis, line);
    const unit = recorded.get(chassis);
    if (unit) {
      const set: Partial<Record<EditableColumn, string>> = {};
      const changes: UnitImportRow["changes"] = [];
      for (const column of Object.keys(EDITABLE) as EditableColumn[]) {
        const given = cell[column];
        if (given === undefined || given === "") continue;
        const from = EDITABLE[column](unit);
        if (given !== from) {
          set[column] = given;
          changes.push({ field: column, from, to: given });
        }
      }
      const next = newUnitSchema.safeParse({
        chassis,
        engine: set.engine ?? unit.engine,
        colour: set.colour ?? unit.colour,
        modelYear: Number(set["model year"] ?? unit.model_year),
        notes: set.notes ?? unit.notes,
      });
      if (!next.success) {
        for (const issue of next.error.issues)
          problem(columnOf(String(issue.path[0])), issue.message);
      }
      if (cell["model id"] && cell["model id"] !== unit.bike_id) {
        problem("model id", "differs from the model the unit is recorded under");
      }
      if (problems.length > before) {
        rows.push({ line, action: "error", chassis, bikeName: unit.bike_name ?? "", changes });
        continue;
      }
      if (changes.length === 0) {
        rows.push({ line, action: "unchanged", chassis, bikeName: unit.bike_name ?? "", changes });
        continue;
      }
      if (set.engine !== undefined) set.engine = next.data!.engine;
      plan.updates.push({ unitId: unit.id, bikeId: unit.bike_id, line, set });
      rows.push({ line, action: "update", chassis, bikeName: unit.bike_name ?? "", changes });
      continue;
    }
    // A new unit: its model (tracked by unit) and the place it arrives at.
    const bike = bikeOf.get(cell["model id"] ?? "");
    if (!cell["model id"]) problem("model id", "is required for a unit not yet recorded");
    else if (!bike) problem("model id", "names no bike");
    else if (!bike.tracks_units) {
      problem(
        "model id",
        `names ${bike.name}, which is not tracked by unit: turn tracking on first`,
      );
    }
    const place = placeNamed.get((cell.place ?? "").toLowerCase());
    if (!cell.place) problem("place", "is required for a unit not yet recorded: where it arrives");
    else if (!place) problem("place", `names no place: "${cell.place}"`);
    else if (place.archived_at !== null) {
      problem("place", `names ${place.name}, which is archived: it takes no new stock`);
    }
    const arriving = newUnitSchema.safeParse({
      chassis,
      engine: cell.engine ?? "",
      colour: cell.colour ?? "",
      modelYear: cell["model year"] ? Number(cell["model year"]) : undefined,
      ...(cell.notes ? { notes: cell.notes } : {}),
    });
    if (!arriving.success) {
      for (const issue of arriving.error.issues)
        problem(columnOf(String(issue.path[0])), issue.message);
    } else if (!checkDigitsConfirmed && !chassisCheckDigitMatches(chassis)) {
      problem("chassis", "has a check digit that does not match: confirm to keep it as written");
    }
    if (problems.length > before || !bike || !place || !arriving.success) {
      rows.push({ line, action: "error", chassis, bikeName: bike?.name ?? "", changes: [] });
      continue;
    }
    const key = `${bike.id} ${place.id}`;
    const group = plan.arrivals.get(key) ?? {
      bikeId: bike.id,
      placeId: place.id,
      units: [],
      lines: [],
    };
    group.units.push(arriving.data);
    group.lines.push(line);
    plan.arrivals.set(key, group);
    rows.push({ line, action: "create", chassis, bikeName: bike.name, changes: [] });
  }
  await refuseEnginesTwice(executor, plan, rows, problems);
  for (const row of rows) plan.preview.summary[row.action] += 1;
  return plan;
}

/**
 * An engine number is a model's once: a row may not give one that another row of the file, or
 * another unit of the model, has. Those rows become errors (and any error stops the import).
 */
async function refuseEnginesTwice(
  executor: Executor,
  plan: UnitImportPlan,
  rows: UnitImportRow[],
  problems: ImportProblem[],
) {
  const written = [
    ...[...plan.arrivals.values()].flatMap((group) =>
      group.lines.map((line, index) => ({
        line,
        bikeId: group.bikeId,
        engine: group.units[index]!.engine,
        unitId: null as string | null,
      })),
    ),
    ...plan.updates.flatMap((update) =>
      update.set.engine === undefined
        ? []
        : [
            {
              line: update.line,
              bikeId: update.bikeId,
              engine: update.set.engine,
              unitId: update.unitId,
            },
          ],
    ),
  ];
  if (written.length === 0) return;
  const taken = await executor
    .selectFrom("unit")
    .select(["id", "bike_id", "engine"])
    .where("engine", "in", [...new Set(written.map((entry) => entry.engine))])
    .execute();
  const firstLine = new Map<string, number>();
  for (const entry of written) {
    const key = `${entry.bikeId} ${entry.engine}`;
    const taker = taken.find(
      (unit) =>
        unit.bike_id === entry.bikeId && unit.engine === entry.engine && unit.id !== entry.unitId,
    );
    const earlier = firstLine.get(key);
    if (earlier === undefined) firstLine.set(key, entry.line);
    const message = taker
      ? "is another unit's of this model already"
      : earlier !== undefined
        ? `is on line ${earlier} too, for the same model`
        : undefined;
    if (!message) continue;
    problems.push({ line: entry.line, column: "engine", message });
    const row = rows.find((candidate) => candidate.line === entry.line);
    if (row) row.action = "error";
  }
  problems.sort((a, b) => a.line - b.line);
}

/** A contract field's column in the file. */
const columnOf = (field: string) =>
  ({
    chassis: "chassis",
    engine: "engine",
    colour: "colour",
    modelYear: "model year",
    notes: "notes",
  })[field] ?? null;

/** The recorded units of these chassis numbers, by chassis. */
async function recordedUnits(executor: Executor, chassis: string[]) {
  const found = new Map<string, RecordedUnit & { chassis: string }>();
  for (let start = 0; start < chassis.length; start += 500) {
    const rows = await executor
      .selectFrom("unit")
      .leftJoin("bike", "bike.id", "unit.bike_id")
      .select([
        "unit.id",
        "unit.chassis",
        "unit.bike_id",
        "bike.name as bike_name",
        "unit.engine",
        "unit.colour",
        "unit.model_year",
        "unit.notes",
      ])
      .where("unit.chassis", "in", chassis.slice(start, start + 500))
      .execute();
    for (const row of rows) found.set(row.chassis, row);
  }
  return found;
}

/**
 * Writes a plan made in `trx`: each model's arrivals at each place as one import (its count up,
 * its units in stock, one ledger entry naming them), models in id order as every stock write
 * locks them, then the recorded units' new details.
 */
export async function writeUnitImport(
  trx: Transaction<Database>,
  plan: UnitImportPlan,
  actor: Actor,
): Promise<{ overLimit: string | undefined }> {
  const at = now();
  const groups = [...plan.arrivals.values()].sort((a, b) =>
    a.bikeId === b.bikeId ? a.placeId.localeCompare(b.placeId) : a.bikeId < b.bikeId ? -1 : 1,
  );
  for (const group of groups) {
    const units = group.units.length;
    const bike = await trx
      .updateTable("bike")
      .set({ quantity: sql`quantity + ${units}`, updated_at: at })
      .where("id", "=", group.bikeId)
      .where(sql<boolean>`quantity + ${units} <= ${QUANTITY_MAX}`)
      .returning(["id", "name", "quantity"])
      .executeTakeFirst();
    if (!bike) return { overLimit: group.bikeId };
    const atPlace = await addAtPlace(trx, group.bikeId, group.placeId, units);
    const unitIds = await addUnits(trx, group.bikeId, group.placeId, group.units, at);
    const movementId = await recordMovement(trx, bike, "import", units, bike.quantity, actor, at, {
      reference: "CSV import",
      placeId: group.placeId,
      placeDelta: units,
      placeQuantityAfter: atPlace,
    });
    await linkUnits(trx, movementId, unitIds);
  }
  for (const { unitId, set } of plan.updates) {
    await trx
      .updateTable("unit")
      .set({
        ...(set.engine === undefined
          ? {}
          : { engine: set.engine, engine_reversed: reversed(set.engine) }),
        ...(set.colour === undefined ? {} : { colour: set.colour }),
        ...(set["model year"] === undefined ? {} : { model_year: Number(set["model year"]) }),
        ...(set.notes === undefined ? {} : { notes: set.notes }),
        updated_at: at,
      })
      .where("id", "=", unitId)
      .execute();
  }
  return { overLimit: undefined };
}
