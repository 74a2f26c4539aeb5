import Fastify from "fastify";
import { sql, type Insertable } from "kysely";
import type { DatabaseConfig } from "../config.ts";
import { openDatabase, type AppDatabase } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { createSeedRepository } from "./seed-repository.ts";
import type { Database } from "./schema.ts";
import { pick, prng, uuid, type Random } from "./bulk-random.ts";
import { MAKES, SUPPLIERS } from "./bulk-stock-makes.ts";
import { COLOURS, CONDITIONS, EDITIONS, FEATURES, KINDS } from "./bulk-stock-words.ts";
import { bulkUnitMaker, trackedBikes, type BulkUnitRow } from "./bulk-units.ts";

/**
 * Warehouse-scale stock for benchmarks and demos: any number of realistic bikes, generated from a
 * seeded PRNG so every run makes the same bikes (same ids, names, quantities) and runs compare.
 * Rows go straight into the app's tables through Kysely, batched and in transactions, with an
 * opening-stock ledger entry per bike, as the demo seed writes (docs/product.md, Bike page).
 * Asked for units, some models track them (bulk-units.ts): as many units as their quantity.
 */

// Insertable: columns the database fills itself (search keys, generated ids) are left out.
type BikeRow = Insertable<Database["bike"]>;

/** Rows per INSERT: well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const ROWS_PER_INSERT = 500;
/** Bikes per transaction: big enough to be fast, small enough to show progress. */
const BIKES_PER_TRANSACTION = 5_000;
/** Creation times spread evenly over two years up to this moment, whatever the count. */
const NEWEST = Date.UTC(2026, 10, 1);
const SPAN_MS = 2 * 365 * 24 * 3_600_000;

/** Mostly the default of 3, some bikes watched more closely, a few barely. */
const REORDER_POINTS = [3, 3, 3, 3, 3, 2, 5, 5, 8, 10] as const;

/**
 * About 6% of bikes out of stock, about 10% low (1 up to the reorder point) and the rest in
 * stock, most with a few dozen units and a long tail up to a few hundred.
 */
function stockLevel(random: Random): { quantity: number; reorderPoint: number } {
  const reorderPoint = pick(random, REORDER_POINTS);
  const draw = random();
  if (draw < 0.06) return { quantity: 0, reorderPoint };
  if (draw < 0.16) return { quantity: 1 + Math.floor(random() * reorderPoint), reorderPoint };
  return { quantity: reorderPoint + 1 + Math.floor(random() ** 2 * 300), reorderPoint };
}

/** A dealer's price in cents: rounded to the hundred dollars, minus a dollar or a cent. */
function priceCents(random: Random, [cheapest, dearest]: [number, number]): number {
  const dollars = Math.round((cheapest + random() * (dearest - cheapest)) / 100) * 100;
  return dollars * 100 - (random() < 0.5 ? 100 : 1);
}

function generateBike(random: Random, index: number, count: number): BikeRow {
  const make = pick(random, MAKES);
  const { model, kind } = pick(random, make.models);
  const traits = KINDS[kind];
  const colour = pick(random, COLOURS);
  const edition = random() < 0.2 ? ` ${pick(random, EDITIONS)}` : "";
  const year = 2022 + Math.floor(random() * 5);
  const features = [pick(random, FEATURES), pick(random, FEATURES)];
  if (features[0] === features[1]) features.pop();
  const condition = random() < 0.25 ? [pick(random, CONDITIONS)] : [];
  const created = NEWEST - SPAN_MS + Math.floor(((index + random()) * SPAN_MS) / count);
  const updated = random() < 0.3 ? created : created + Math.floor(random() * (NEWEST - created));
  const { quantity, reorderPoint } = stockLevel(random);
  return {
    id: uuid(random),
    name: `${make.name} ${model}${edition}, ${colour}`,
    des: [
      `The ${year} ${make.name} ${model}: a ${pick(random, traits.nouns)} ${pick(random, traits.uses)}, in ${colour.toLowerCase()}.`,
      ...features,
      ...condition,
    ].join(" "),
    photo: make.photo ?? traits.photo,
    price_cents: priceCents(random, traits.priceRange),
    quantity,
    reorder_point: reorderPoint,
    supplier_name: SUPPLIERS[pick(random, make.suppliers)]!,
    owner_id: null,
    created_at: new Date(created).toISOString(),
    updated_at: new Date(updated).toISOString(),
  };
}

/** The stock of `count` bikes, oldest first; the same bikes every time for the same seed. */
export function* generateBikes(count: number, seed = 2026): Generator<BikeRow> {
  const random = prng(seed);
  for (let index = 0; index < count; index++) yield generateBike(random, index, count);
}

function* chunks<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let chunk: T[] = [];
  for (const item of items) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

export class StockNotEmptyError extends Error {
  override name = "StockNotEmptyError";
}

/** A generated bike and, when its model tracks units, its units (else none). */
export interface BulkBike {
  bike: BikeRow;
  units: BulkUnitRow[];
}

/**
 * The bulk stock of `count` bikes, oldest first, some of them tracking `units` units in all
 * (fewer only when the stock holds fewer): the same bikes and units every time.
 */
export function* generateBulkStock(count: number, units = 0): Generator<BulkBike> {
  const tracked =
    units > 0
      ? trackedBikes(
          Array.from(generateBikes(count), (bike) => bike.quantity),
          units,
        )
      : new Set<number>();
  const unitsOf = bulkUnitMaker();
  let index = 0;
  for (const bike of generateBikes(count)) {
    yield { bike, units: tracked.has(index) ? unitsOf(bike, index) : [] };
    index++;
  }
}

export interface BulkProgress {
  bikes: number;
  units: number;
}

/**
 * Adds `count` generated bikes (and `units` units of tracked models) to a migrated database.
 * Refuses (StockNotEmptyError) when the first of them is already there: the ids repeat from run
 * to run, so a second run would collide. `onProgress` hears how many are in after each
 * transaction.
 */
async function insertBulkStock(
  { kind, db }: AppDatabase,
  count: number,
  units: number,
  onProgress: (inserted: BulkProgress) => void = () => {},
): Promise<void> {
  const seeds = createSeedRepository(db);
  const inserted: BulkProgress = { bikes: 0, units: 0 };
  for (const transactionBikes of chunks(generateBulkStock(count, units), BIKES_PER_TRANSACTION)) {
    if (inserted.bikes === 0 && (await seeds.holds(transactionBikes[0]!.bike.id))) {
      throw new StockNotEmptyError(
        "This database already holds the bulk stock: seed an empty DATA_DIR or database.",
      );
    }
    await seeds.insertSeedRows(transactionBikes, ROWS_PER_INSERT);
    inserted.bikes += transactionBikes.length;
    inserted.units += transactionBikes.reduce((sum, { units }) => sum + units.length, 0);
    onProgress({ ...inserted });
  }
  // PostgreSQL's planner knows nothing of rows loaded a moment ago until autovacuum analyses
  // them; do it now, as any bulk load should, so the first queries are planned on real figures.
  if (kind === "postgres") {
    await sql`analyze bike, bike_stock, stock_movement, unit, stock_movement_unit`.execute(db);
  }
}

/**
 * Opens the server's database, migrates it (an empty DATA_DIR works) and adds `count` generated
 * bikes, `units` of them units of tracked models (see insertBulkStock): the seeding command's
 * whole job, which the benchmarks share.
 */
export async function seedBulkStock(
  config: DatabaseConfig,
  count: number,
  onProgress?: (inserted: BulkProgress) => void,
  { units = 0 }: { units?: number } = {},
): Promise<void> {
  // Only a lost idle PostgreSQL connection is ever logged, through the logger Fastify makes.
  const database = openDatabase(config, Fastify({ logger: { level: "warn" } }).log);
  try {
    await migrateToLatest(database);
    await insertBulkStock(database, count, units, onProgress);
  } finally {
    await database.db.destroy();
  }
}
