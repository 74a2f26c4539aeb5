import type { Actor } from "../bikes/bike-writes.ts";
import {
  storedDetailsOf,
  type CurrentBike,
  type DetailsRow,
  type PlannedRow,
} from "../bikes/bike-details.ts";
import type { ImportConnection } from "./import-connection.ts";
import type { ImportPlace } from "./stock-import-plan.ts";
import { StaleImport, writeImportedRows } from "./stock-import-writes.ts";

/*
 * The import's data access. Previews and imports run in a process on a connection of its own
 * (import-connection.ts), which never loads Kysely; the export reads through the server's
 * (stock-export-repository.ts).
 */

/** What an import or an export reads of a bike: its details and its stock. */
export const currentBikeColumns = [
  "id",
  "name",
  "photo",
  "des",
  "price_cents",
  "supplier_name",
  "reorder_point",
  "quantity",
  "tracks_units",
] as const;

interface CurrentBikeRow extends DetailsRow {
  id: string;
  quantity: number;
  tracks_units: boolean | number;
}

export const currentBikeOf = (row: CurrentBikeRow): CurrentBike => ({
  id: row.id,
  ...storedDetailsOf(row),
  quantity: row.quantity,
  tracksUnits: Boolean(row.tracks_units),
});

/** The bikes of `ids` that exist, with their details and stock, 500 ids a query. */
export async function currentBikesIn(connection: ImportConnection, ids: readonly string[]) {
  const found = new Map<string, CurrentBike>();
  for (let start = 0; start < ids.length; start += 500) {
    const some = ids.slice(start, start + 500);
    const rows = await connection.run<CurrentBikeRow>(
      `select ${currentBikeColumns.join(", ")} from bike where id in (${some.map(() => "?").join(", ")})`,
      some,
    );
    for (const row of rows) found.set(row.id, currentBikeOf(row));
  }
  return found;
}

/** Every place, archived ones too, for an import's `place` column (stock-import-plan.ts). */
export async function importPlaces(connection: ImportConnection): Promise<ImportPlace[]> {
  const rows = await connection.run<{ id: string; name: string; archived_at: unknown }>(
    "select id, name, archived_at from place",
  );
  return rows.map((row) => ({ id: row.id, name: row.name, archived: row.archived_at !== null }));
}

/** Runs `write` when this process's other writes let it (SQLite: write-turns.ts). */
export type WriteTurn = <T>(write: () => Promise<T>) => Promise<T>;

/**
 * A CSV import (issue 13) as one transaction: `plan` sees the named bikes as they are inside it,
 * and either names problems (nothing is written) or lists what to do, which is all written or,
 * if any row's bike changed since it was read, none (`stale`). Each change gets its ledger
 * entry: `create` for a new bike, `edit` with what changed, `import` for units in.
 *
 * The plan is made first on the bikes as read before the transaction, so the transaction holds
 * the write lock only to check them again and write: a bike changed in between (rarely) has the
 * file planned again on what the transaction reads.
 */
export async function importStock<Plan extends { rows: PlannedRow[]; problems: unknown[] }>(
  connection: ImportConnection,
  ids: readonly string[],
  plan: (current: ReadonlyMap<string, CurrentBike>) => Plan,
  actor: Actor,
  turn: WriteTurn,
): Promise<Plan | "stale"> {
  const read = await currentBikesIn(connection, ids);
  const first = plan(read);
  if (first.problems.length > 0) return first;
  try {
    return await turn(() =>
      inWriteTransaction(connection, async () => {
        const current = await currentBikesIn(connection, ids);
        const planned = sameBikes(read, current) ? first : plan(current);
        if (planned.problems.length > 0) return planned;
        await writeImportedRows(connection, planned.rows, actor, new Date().toISOString());
        return planned;
      }),
    );
  } catch (error) {
    if (error instanceof StaleImport) return "stale";
    throw error;
  }
}

/**
 * One transaction that writes. On SQLite it begins IMMEDIATE: it takes the write lock before it
 * reads, so what it reads cannot change before it commits (a deferred one that read first would
 * fail outright when another connection wrote in between).
 */
async function inWriteTransaction<T>(
  connection: ImportConnection,
  work: () => Promise<T>,
): Promise<T> {
  await connection.run(connection.kind === "sqlite" ? "begin immediate" : "begin");
  try {
    const result = await work();
    await connection.run("commit");
    return result;
  } catch (error) {
    await connection.run("rollback");
    throw error;
  }
}

function sameBikes(
  before: ReadonlyMap<string, CurrentBike>,
  now: ReadonlyMap<string, CurrentBike>,
): boolean {
  if (before.size !== now.size) return false;
  for (const [id, bike] of before) {
    const current = now.get(id);
    if (!current) return false;
    for (const field of Object.keys(bike) as (keyof CurrentBike)[]) {
      if (bike[field] !== current[field]) return false;
    }
  }
  return true;
}
