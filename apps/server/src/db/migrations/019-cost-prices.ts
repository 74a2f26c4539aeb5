import { sql, type Kysely } from "kysely";

/**
 * Issue 21: a bike may carry what it cost (whole cents, like its price), so the dashboard values
 * the stock at cost where known. Empty for every existing bike: nobody has said what it cost.
 * `deleted_bike` keeps it too, so a restore brings it back (bikes/deleted-bikes-repository.ts).
 */
export function addCostPrices() {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ["bike", "deleted_bike"]) {
        await db.schema
          .alterTable(table)
          .addColumn("cost_price_cents", "bigint", (column) =>
            column.check(sql`cost_price_cents >= 0`),
          )
          .execute();
      }
    },
  };
}
