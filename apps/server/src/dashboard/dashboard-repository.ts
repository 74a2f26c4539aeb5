import {
  DASHBOARD_DAYS,
  DASHBOARD_SUPPLIERS,
  type Dashboard,
} from "@ultimate-bikes/contract/dashboard";
import { sql } from "kysely";
import type { AppDatabase } from "../db/database.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The warehouse in numbers, from SQL aggregates: one pass over the bikes, one over the suppliers,
 * one over the last 30 days of the ledger (its created_at index, migration 011). The stock is
 * valued at cost where a bike's cost price is known (migration 019), else at its sale price.
 */
export function createDashboardRepository({ db, kind }: AppDatabase) {
  // The UTC day of a movement: ISO text on SQLite, timestamptz on PostgreSQL.
  const movementDay =
    kind === "postgres"
      ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`
      : sql<string>`substr(created_at, 1, 10)`;

  // A bike's stock at cost where its cost is known, else at its sale price; whole cents.
  const unitValue = sql`quantity * coalesce(cost_price_cents, price_cents)`;

  return {
    async read(now = Date.now()): Promise<Dashboard> {
      const today = dayOf(now);
      const firstDay = dayOf(now - (DASHBOARD_DAYS - 1) * DAY_MS);
      const totals = await db
        .selectFrom("bike")
        .select([
          sql<number>`count(*)`.as("models"),
          sql<number>`coalesce(sum(quantity), 0)`.as("units"),
          sql<number>`coalesce(sum(${unitValue}), 0)`.as("value_cents"),
          sql<number>`coalesce(sum(case when cost_price_cents is null then 0 else 1 end), 0)`.as(
            "at_cost",
          ),
          sql<number>`coalesce(sum(case when quantity > 0 and quantity <= reorder_point then 1 else 0 end), 0)`.as(
            "low",
          ),
          sql<number>`coalesce(sum(case when quantity = 0 then 1 else 0 end), 0)`.as("out"),
        ])
        .executeTakeFirstOrThrow();
      const suppliers = await db
        .selectFrom("bike")
        .select(["supplier_name", sql<number>`sum(${unitValue})`.as("value_cents")])
        .groupBy("supplier_name")
        .orderBy("value_cents", "desc")
        .orderBy("supplier_name")
        .execute();
      const days = await db
        .selectFrom("stock_movement")
        .select([
          movementDay.as("day"),
          sql<number>`sum(case when delta > 0 then delta else 0 end)`.as("units_in"),
          sql<number>`sum(case when delta < 0 then -delta else 0 end)`.as("units_out"),
          sql<number>`count(*)`.as("movements"),
        ])
        .where("created_at", ">=", `${firstDay}T00:00:00.000Z`)
        .groupBy(movementDay)
        .execute();

      const byDay = new Map(days.map((row) => [row.day, row]));
      const top = suppliers.slice(0, DASHBOARD_SUPPLIERS);
      const rest = suppliers.slice(DASHBOARD_SUPPLIERS);
      const dollars = (cents: number | string) => Number(cents) / 100;
      return {
        models: Number(totals.models),
        unitsInStock: Number(totals.units),
        stockValue: dollars(totals.value_cents),
        valuedAtCost: Number(totals.at_cost),
        valuedAtSalePrice: Number(totals.models) - Number(totals.at_cost),
        lowCount: Number(totals.low),
        outCount: Number(totals.out),
        movementsToday: Number(byDay.get(today)?.movements ?? 0),
        unitsPerDay: Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
          const day = dayOf(now - (DASHBOARD_DAYS - 1 - index) * DAY_MS);
          const row = byDay.get(day);
          return {
            day,
            unitsIn: Number(row?.units_in ?? 0),
            unitsOut: Number(row?.units_out ?? 0),
          };
        }),
        valueBySupplier: top.map((row) => ({
          supplierName: row.supplier_name,
          value: dollars(row.value_cents),
        })),
        otherSuppliers:
          rest.length > 0
            ? {
                suppliers: rest.length,
                value: dollars(rest.reduce((sum, row) => sum + Number(row.value_cents), 0)),
              }
            : null,
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
