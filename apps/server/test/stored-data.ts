import type { Bike, StockMovement } from "@ultimate-bikes/contract/bikes";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { AppConfig } from "../src/config.ts";
import { openDatabase, type AppDatabase } from "../src/db/database.ts";
import type { TestUser } from "./accounts.ts";
import { listBikes, movementsOf } from "./stock-helpers.ts";

/**
 * What a test may not change, read straight from the app's database: the attack tests check
 * after every hostile request that nothing stored moved, which the API alone would take a dozen
 * calls to show.
 */
export interface StoredDataProbe {
  /** The app's own database, for helpers that need one beside the app (close() closes it). */
  readonly database: AppDatabase;
  /** Every user and bike row and the ledger's size and newest id, as one comparable text. */
  fingerprint(): Promise<string>;
  userCount(): Promise<number>;
  close(): Promise<void>;
}

/** Opens a second connection to the app's database; close it before the app's database goes. */
export function openStoredDataProbe(config: AppConfig, log: FastifyBaseLogger): StoredDataProbe {
  const database = openDatabase(config.database, log);
  const { db } = database;
  return {
    database,
    async fingerprint() {
      const [users, bikes, ledger] = await Promise.all([
        // better-auth owns the user table: all of its columns, whatever they are.
        sql`select * from "user" order by "id"`.execute(db),
        db.selectFrom("bike").selectAll().orderBy("id").execute(),
        db
          .selectFrom("stock_movement")
          .select((eb) => [eb.fn.countAll().as("movements"), eb.fn.max("id").as("newest")])
          .executeTakeFirstOrThrow(),
      ]);
      return JSON.stringify({ users: users.rows, bikes, ledger });
    },
    async userCount() {
      const row = await db
        .selectFrom("user")
        .select((eb) => eb.fn.countAll().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    close: () => db.destroy(),
  };
}

export interface ApiSnapshot {
  bikes: Bike[];
  ledgers: Record<string, StockMovement[]>;
  users: number;
}

/** The stock as the API shows it: the list, every bike's ledger (as `reader`), and the users. */
export async function apiSnapshot(
  app: FastifyInstance,
  reader: TestUser,
  probe: StoredDataProbe,
): Promise<ApiSnapshot> {
  const bikes = await listBikes(app);
  const ledgers: Record<string, StockMovement[]> = {};
  for (const bike of bikes) ledgers[bike._id] = await movementsOf(app, reader, bike._id, 200);
  return { bikes, ledgers, users: await probe.userCount() };
}
