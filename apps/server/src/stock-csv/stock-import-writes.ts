import { DEFAULT_REORDER_POINT, QUANTITY_MAX } from "@ultimate-bikes/contract/bikes";
import { randomUUID } from "node:crypto";
import type { Actor } from "../bikes/bike-writes.ts";
import { detailsColumns, type PlannedRow } from "../bikes/bike-details.ts";
import { MAIN_WAREHOUSE_ID } from "../db/main-warehouse.ts";
import type { ImportConnection } from "./import-connection.ts";

/**
 * Takes `count` new stock numbers in the import's transaction; the first of them. As
 * bikes/stock-number-sequence.ts does it, written out here: this process does not load Kysely.
 */
async function takeStockNumbers(connection: ImportConnection, count: number): Promise<number> {
  const [row] = await connection.run<{ last_number: number | string }>(
    "update stock_number_sequence set last_number = last_number + ? where name = 'bike' returning last_number",
    [count],
  );
  return Number(row!.last_number) - count + 1;
}

/** A bike changed while an import was being written: the whole import is undone. */
export class StaleImport extends Error {}

/** How the ledger names the units a CSV import brought in. */
const IMPORT_REFERENCE = "CSV import";

/**
 * Rows per statement: every statement that writes the search index (a trigger on `bike`) leaves
 * SQLite's full-text index a segment of its own, which later writes merge, so one statement per
 * row cost four times what one per 500 rows does. 500 rows of 14 values stay well under SQLite's
 * 32,766 and PostgreSQL's 65,535 bound parameters.
 */
const ROWS_PER_STATEMENT = 500;

type Update = Extract<PlannedRow, { action: "update" }>;
type DetailColumn = keyof ReturnType<typeof detailsColumns>;

/** Each detail column's type, so both databases compare the values of a VALUES list alike. */
const DETAIL_TYPES: Record<DetailColumn, "text" | "bigint" | "integer"> = {
  name: "text",
  photo: "text",
  des: "text",
  price_cents: "bigint",
  supplier_name: "text",
  reorder_point: "integer",
};
const DETAIL_COLUMNS = Object.keys(DETAIL_TYPES) as DetailColumn[];
/** The columns the search index reads: an update that sets one rewrites the bike's entry. */
const SEARCHED_COLUMNS: DetailColumn[] = ["name", "supplier_name", "des"];
const SEARCHED_FIELDS = new Set(["name", "supplierName", "des"]);

const BIKE_COLUMNS = [...DETAIL_COLUMNS, "quantity", "owner_id", "created_at", "updated_at"];
const MOVEMENT_COLUMNS = [
  "bike_id",
  "bike_name",
  "kind",
  "delta",
  "quantity_after",
  "actor_id",
  "actor_email",
  "created_at",
  "reference",
  "changes",
  "place_id",
  "place_delta",
  "place_quantity_after",
];

/** Where the importer's units go: their home place while open, else the main warehouse. */
async function defaultPlaceOf(connection: ImportConnection, userId: string): Promise<string> {
  const [home] = await connection.run<{ id: string }>(
    `select place.id from home_place join place on place.id = home_place.place_id
    where home_place.user_id = ? and place.archived_at is null`,
    [userId],
  );
  return home?.id ?? MAIN_WAREHOUSE_ID;
}

/**
 * Adds each bike's units at the place, many bikes a statement (places/place-stock.ts's
 * addAtPlace); each bike's units there after.
 */
async function addAtPlace(
  connection: ImportConnection,
  placeId: string,
  units: readonly { bikeId: string; units: number }[],
): Promise<Map<string, number>> {
  const after = new Map<string, number>();
  for (const batch of batches(units.filter((entry) => entry.units > 0))) {
    const rows = await connection.run<{ bike_id: string; quantity: number }>(
      `insert into bike_stock (bike_id, place_id, quantity) values ${valuesList(batch.length, ["", "", ""])}
      on conflict (bike_id, place_id) do update set quantity = bike_stock.quantity + excluded.quantity
      returning bike_id, quantity`,
      batch.flatMap((entry) => [entry.bikeId, placeId, entry.units]),
    );
    for (const row of rows) after.set(row.bike_id, Number(row.quantity));
  }
  return after;
}

function* batches<T>(items: readonly T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) {
    yield items.slice(start, start + ROWS_PER_STATEMENT);
  }
}

/** `(?, ?, …), (?, ?, …)`: `rows` rows of `width` parameters, each cast when `types` says. */
const valuesList = (rows: number, types: readonly string[]) =>
  Array.from(
    { length: rows },
    () => `(${types.map((type) => (type ? `cast(? as ${type})` : "?")).join(", ")})`,
  ).join(", ");

/** An INSERT of many rows, the columns' values row after row in `values`. */
function insertRows(
  connection: ImportConnection,
  table: string,
  columns: readonly string[],
  values: unknown[][],
) {
  const text = `insert into ${table} (${columns.join(", ")}) values ${valuesList(
    values.length,
    columns.map(() => ""),
  )}`;
  return connection.run(text, values.flat());
}

/**
 * Writes a planned import inside the caller's transaction: the new bikes (warehouse stock, no
 * owner: docs/decisions/005), then the updates, then every ledger entry in the file's order, each
 * kind many rows a statement. An update is one compare-and-set on the details it was planned
 * from and on the quantity's limit; one that finds its bike changed throws StaleImport.
 */
export async function writeImportedRows(
  connection: ImportConnection,
  rows: readonly PlannedRow[],
  actor: Actor,
  at: string,
): Promise<void> {
  const createdIds = new Map<PlannedRow, string>();
  const created = rows.filter((row) => row.action === "create");
  // The new bikes' stock numbers, one range in the file's order (bikes/stock-number-sequence.ts).
  let stockNumber = created.length ? await takeStockNumbers(connection, created.length) : 0;
  for (const batch of batches(created)) {
    const values = batch.map((row) => {
      const id = randomUUID();
      createdIds.set(row, id);
      const { bike } = row;
      const reorderPoint = bike.reorderPoint ?? DEFAULT_REORDER_POINT;
      const details = detailsColumns({ ...bike, reorderPoint });
      const columns = DETAIL_COLUMNS.map((column) => details[column]);
      return [id, ...columns, bike.quantity, null, at, at, stockNumber++];
    });
    await insertRows(connection, "bike", ["id", ...BIKE_COLUMNS, "stock_number"], values);
  }
  const updates = rows.filter((row) => row.action === "update");
  const quantities = await updateBikes(connection, updates, at);
  // Each bike's units go where its row says, else to the importer's default place; a bike is on
  // one row of a file, so it has one place.
  const defaultPlace = await defaultPlaceOf(connection, actor.id);
  const placeOf = new Map<string, string>();
  const unitsAt = new Map<string, { bikeId: string; units: number }[]>();
  const unitsIn = (bikeId: string, placeId: string | undefined, units: number) => {
    const place = placeId ?? defaultPlace;
    placeOf.set(bikeId, place);
    const here = unitsAt.get(place) ?? [];
    here.push({ bikeId, units });
    unitsAt.set(place, here);
  };
  for (const row of created) unitsIn(createdIds.get(row)!, row.placeId, row.bike.quantity);
  for (const row of updates) unitsIn(row.id, row.placeId, row.unitsIn);
  const atPlace = new Map<string, number>();
  for (const [place, units] of unitsAt) {
    for (const [bikeId, after] of await addAtPlace(connection, place, units)) {
      atPlace.set(bikeId, after);
    }
  }

  const entry = (
    bike: { id: string; name: string },
    kind: "create" | "edit" | "import",
    { delta = 0, after = 0, reference = null as string | null, changes = null as string | null },
  ) => [
    bike.id,
    bike.name,
    kind,
    delta,
    after,
    actor.id,
    actor.email,
    at,
    reference,
    changes,
    // Units moved at the place; an edit moves none.
    kind === "edit" ? null : (placeOf.get(bike.id) ?? defaultPlace),
    kind === "edit" ? null : delta,
    kind === "edit" ? null : (atPlace.get(bike.id) ?? 0),
  ];
  const movements = rows.flatMap((row) => {
    if (row.action === "unchanged") return [];
    if (row.action === "create") {
      const { quantity, name } = row.bike;
      const bike = { id: createdIds.get(row)!, name };
      return [entry(bike, "create", { delta: quantity, after: quantity })];
    }
    const bike = { id: row.id, name: row.next.name };
    const after = quantities.get(row.id)!;
    const changes = JSON.stringify(row.changes);
    return [
      ...(row.changes.length === 0
        ? []
        : [entry(bike, "edit", { after: after - row.unitsIn, changes })]),
      ...(row.unitsIn === 0
        ? []
        : [entry(bike, "import", { delta: row.unitsIn, after, reference: IMPORT_REFERENCE })]),
    ];
  });
  for (const batch of batches(movements)) {
    await insertRows(connection, "stock_movement", MOVEMENT_COLUMNS, batch);
  }
}

/**
 * The updates, many bikes a statement, each grouped with others that set the same columns: only
 * an update that changes a searched text sets those columns, since setting them at all rewrites
 * the bike's search entry. Returns each bike's quantity after it.
 */
async function updateBikes(connection: ImportConnection, updates: Update[], at: string) {
  const quantities = new Map<string, number>();
  const searched = (row: Update) => row.changes.some(({ field }) => SEARCHED_FIELDS.has(field));
  const groups: [Update[], DetailColumn[]][] = [
    [updates.filter((row) => row.changes.length === 0), []],
    [
      updates.filter((row) => row.changes.length > 0 && !searched(row)),
      DETAIL_COLUMNS.filter((column) => !SEARCHED_COLUMNS.includes(column)),
    ],
    [updates.filter(searched), DETAIL_COLUMNS],
  ];
  for (const [group, setColumns] of groups) {
    for (const batch of batches(group)) {
      const changed = await updateStatement(connection, batch, setColumns, at);
      if (changed.length !== batch.length) throw new StaleImport();
      for (const { id, quantity } of changed) quantities.set(id, Number(quantity));
    }
  }
  return quantities;
}

/**
 * One UPDATE of many bikes from a VALUES list: each gets its units in and the `setColumns` of
 * its new details, if its details are still those it was planned from (none checked when it
 * changes none) and its stock stays within QUANTITY_MAX.
 */
function updateStatement(
  connection: ImportConnection,
  batch: Update[],
  setColumns: DetailColumn[],
  at: string,
) {
  const checked = setColumns.length > 0 ? DETAIL_COLUMNS : [];
  const names = [
    "id",
    "units_in",
    ...setColumns.map((column) => `next_${column}`),
    ...checked.map((column) => `before_${column}`),
  ];
  const types = [
    "text",
    "integer",
    ...setColumns.map((column) => DETAIL_TYPES[column]),
    ...checked.map((column) => DETAIL_TYPES[column]),
  ];
  const values = batch.flatMap((row) => {
    const next = detailsColumns(row.next);
    const before = detailsColumns(row.before);
    return [
      row.id,
      row.unitsIn,
      ...setColumns.map((column) => next[column]),
      ...checked.map((column) => before[column]),
    ];
  });
  const sets = [
    "quantity = bike.quantity + v.units_in",
    "updated_at = ?",
    ...setColumns.map((column) => `${column} = v.next_${column}`),
  ];
  const conditions = [
    "bike.id = v.id",
    "bike.quantity + v.units_in <= ?",
    ...checked.map((column) => `bike.${column} = v.before_${column}`),
  ];
  return connection.run<{ id: string; quantity: number }>(
    `with v (${names.join(", ")}) as (values ${valuesList(batch.length, types)})
    update bike set ${sets.join(", ")} from v
    where ${conditions.join(" and ")}
    returning bike.id, bike.quantity`,
    [...values, at, QUANTITY_MAX],
  );
}
