/**
 * Fills a database with warehouse-scale stock: `node apps/server/src/db/seed-bulk.ts --bikes
 * 100000 [--units 1000000]` (the units of tracked models, issue 24). The database is the
 * server's: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL), from the environment. The same bikes
 * and units every run (see bulk-stock.ts); a database that already holds them is refused.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { seedBulkStock, StockNotEmptyError } from "./bulk-stock.ts";
import { BULK_UNITS_MAX } from "./bulk-units.ts";

const usage =
  "Usage: node apps/server/src/db/seed-bulk.ts --bikes N [--units M]\n" +
  "  N bikes from 1 to 10,000,000; M units (default 0) of tracked models, each with as many\n" +
  "  units as its quantity, from 0 to the stock's total and at most " +
  BULK_UNITS_MAX.toLocaleString("en-US");

function counts(args: string[]): { bikes: number; units: number } {
  let values: { bikes?: string; units?: string };
  try {
    values = parseArgs({
      args,
      options: { bikes: { type: "string" }, units: { type: "string" } },
    }).values;
  } catch (error) {
    throw new ConfigError(`${error instanceof Error ? error.message : error}\n${usage}`);
  }
  const bikes = Number(values.bikes);
  const units = Number(values.units ?? 0);
  if (!Number.isInteger(bikes) || bikes < 1 || bikes > 10_000_000) throw new ConfigError(usage);
  if (!Number.isInteger(units) || units < 0 || units > BULK_UNITS_MAX) {
    throw new ConfigError(usage);
  }
  return { bikes, units };
}

async function main() {
  const { bikes, units } = counts(process.argv.slice(2));
  const total = bikes.toLocaleString("en-US");
  const startedAt = Date.now();
  let added = { bikes: 0, units: 0 };
  await seedBulkStock(
    loadConfig().database,
    bikes,
    (inserted) => {
      added = inserted;
      console.error(
        `… ${inserted.bikes.toLocaleString("en-US")} of ${total} bikes, ` +
          `${inserted.units.toLocaleString("en-US")} units`,
      );
    },
    { units },
  );
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  console.log(
    `Added ${total} bikes and ${added.units.toLocaleString("en-US")} units in ${seconds} s.`,
  );
}

main().catch((error: unknown) => {
  const expected = error instanceof ConfigError || error instanceof StockNotEmptyError;
  console.error(expected ? error.message : error);
  process.exit(1);
});
