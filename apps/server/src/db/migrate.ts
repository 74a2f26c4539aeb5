import { sql } from "kysely";
import { Migrator, type Migration } from "kysely/migration";
import type { AppDatabase } from "./database.ts";
import { createStockTables } from "./migrations/001-create-stock.ts";
import { createAuthTables } from "./migrations/002-create-auth-tables.ts";
import { addReorderPointsAndSearch } from "./migrations/003-reorder-points-and-search.ts";
import { createStockVersionAndAddCounts } from "./migrations/004-stock-version-and-add-counts.ts";
import { addStockChangeNotifications } from "./migrations/005-stock-change-notifications.ts";
import { addOneLetterSearchPrefixes } from "./migrations/006-one-letter-search-prefixes.ts";
import { addUserRoles } from "./migrations/007-user-roles.ts";
import { createDeletedBikes } from "./migrations/008-deleted-bikes.ts";
import { createInvitations } from "./migrations/009-invitations.ts";
import { addLedgerReferencesAndEdits } from "./migrations/010-ledger-references-and-edits.ts";
import { addLedgerFilterIndexes } from "./migrations/011-ledger-filters.ts";
import { createUploadedPhotos } from "./migrations/013-uploaded-photos.ts";
import { createLowStockAlerts } from "./migrations/014-low-stock-alerts.ts";
import { createVersionLeases } from "./migrations/015-read-lease-table.ts";
import { addFourLetterSearchPrefixes } from "./migrations/016-four-letter-search-prefixes.ts";
import { dropVersionLeases } from "./migrations/017-drop-read-lease-table.ts";
import { addStockNumbers } from "./migrations/018-stock-numbers.ts";
import { addCostPrices } from "./migrations/019-cost-prices.ts";
import { addPlacesAndTransfers } from "./migrations/020-places-and-transfers.ts";
import { addPlaceSearchKeys } from "./migrations/021-place-search-keys.ts";
import { addSearchKeyIndex } from "./migrations/022-search-key-index.ts";
import { addUnitsAndHolds } from "./migrations/023-units-and-holds.ts";

/** Migration 015's name; databases migrated before the lease code went recorded another one. */
export const MIGRATION_015 = "015-read-lease-table";

/**
 * The one list of migrations, run at every start-up on SQLite and PostgreSQL alike.
 * Append only: a migration that has shipped is never edited. Each must keep the previous release
 * working on the migrated schema, which it shares during a rolling upgrade: expand now, contract a
 * release later (docs/decisions/029).
 */
function migrations({ kind }: AppDatabase): Record<string, Migration> {
  return {
    "001-create-stock": createStockTables(kind),
    "002-create-auth-tables": createAuthTables(kind),
    "003-reorder-points-and-search": addReorderPointsAndSearch(kind),
    "004-stock-version-and-add-counts": createStockVersionAndAddCounts(kind),
    "005-stock-change-notifications": addStockChangeNotifications(kind),
    "006-one-letter-search-prefixes": addOneLetterSearchPrefixes(kind),
    "007-user-roles": addUserRoles(),
    "008-deleted-bikes": createDeletedBikes(kind),
    "009-invitations": createInvitations(kind),
    "010-ledger-references-and-edits": addLedgerReferencesAndEdits(),
    "011-ledger-filters": addLedgerFilterIndexes(),
    "013-uploaded-photos": createUploadedPhotos(kind),
    "014-low-stock-alerts": createLowStockAlerts(kind),
    // Shipped under another name, which renameMigration015 updates; 017 drops its table (ADR 025).
    [MIGRATION_015]: createVersionLeases(kind),
    "016-four-letter-search-prefixes": addFourLetterSearchPrefixes(kind),
    "017-drop-read-lease-table": dropVersionLeases(kind),
    "018-stock-numbers": addStockNumbers(kind),
    "019-cost-prices": addCostPrices(),
    "020-places-and-transfers": addPlacesAndTransfers(kind),
    "021-place-search-keys": addPlaceSearchKeys(kind),
    "022-search-key-index": addSearchKeyIndex(kind),
    "023-units-and-holds": addUnitsAndHolds(kind),
  };
}

export async function migrateToLatest(database: AppDatabase): Promise<void> {
  await migrateTo(database);
}

/** Up to and including the migration `name` (a test of one migration's data), else all. */
export async function migrateTo(database: AppDatabase, name?: string): Promise<void> {
  await renameMigration015(database);
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations(database) },
  });
  const { error, results } =
    name === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(name);
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed`, { cause: error });
  }
}

/**
 * Kysely refuses to run when a migration its table records is missing from the list, so a
 * database that recorded migration 015 under its first name gets the current one: the same
 * migration, renamed with the code it named (docs/decisions/025). Idempotent, so several servers
 * starting together may all run it.
 */
async function renameMigration015({ db }: AppDatabase) {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === "kysely_migration")) return;
  await sql`update kysely_migration set name = ${MIGRATION_015} where name like '015-%' and name <> ${MIGRATION_015}`.execute(
    db,
  );
}
