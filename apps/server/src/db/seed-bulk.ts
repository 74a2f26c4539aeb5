/**
 * Fills a database with warehouse-scale stock: `node apps/server/src/db/seed-bulk.ts --bikes
 * 100000`. The database is the server's: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL), from the
 * environment. The same bikes every run (see bulk-stock.ts); a database that already holds them
 * is refused.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { seedBulkStock, StockNotEmptyError } from "./bulk-stock.ts";

const usage = "Usage: node apps/server/src/db/seed-bulk.ts --bikes N   (N from 1 to 10,000,000)";

function bikeCount(args: string[]): number {
  let bikes: string | undefined;
  try {
    bikes = parseArgs({ args, options: { bikes: { type: "string" } } }).values.bikes;
  } catch (error) {
    throw new ConfigError(`${error instanceof Error ? error.message : error}\n${usage}`);
  }
  const count = Number(bikes);
  if (!Number.isInteger(count) || count < 1 || count > 10_000_000) throw new ConfigError(usage);
  return count;
}

async function main() {
  const count = bikeCount(process.argv.slice(2));
  const total = count.toLocaleString("en-US");
  const startedAt = Date.now();
  await seedBulkStock(loadConfig().database, count, (inserted) =>
    console.error(`… ${inserted.toLocaleString("en-US")} of ${total} bikes`),
  );
  console.log(`Added ${total} bikes in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
}

main().catch((error: unknown) => {
  const expected = error instanceof ConfigError || error instanceof StockNotEmptyError;
  console.error(expected ? error.message : error);
  process.exit(1);
});
