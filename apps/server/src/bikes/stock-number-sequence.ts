import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

type Executor = Kysely<Database> | Transaction<Database>;

/*
 * Where new stock numbers come from (migration 018): the one row of `stock_number_sequence`,
 * raised inside the transaction that adds the bikes. PostgreSQL holds that row's lock until the
 * transaction ends and SQLite has one writer at a time, so two creations never get the same
 * number, and a batch takes its whole range in one statement. The CSV import's process takes
 * its range with the same statement (stock-csv/stock-import-writes.ts).
 */

/** Takes `count` new stock numbers in `executor`'s transaction; returns the first of them. */
export async function takeStockNumbers(executor: Executor, count: number): Promise<number> {
  const row = await executor
    .updateTable("stock_number_sequence")
    .set({ last_number: sql`last_number + ${count}` })
    .where("name", "=", "bike")
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number) - count + 1;
}

/**
 * After a stock number was set by hand: the sequence goes on above it, so a new bike never
 * gets a number someone typed. The row is written even when it stays as it is, so that it is
 * locked until the edit's transaction ends, as a creation's is.
 */
export async function keepSequenceAbove(executor: Executor, number: number): Promise<void> {
  await executor
    .updateTable("stock_number_sequence")
    .set({
      last_number: sql`case when last_number < ${number} then ${number} else last_number end`,
    })
    .where("name", "=", "bike")
    .execute();
}
