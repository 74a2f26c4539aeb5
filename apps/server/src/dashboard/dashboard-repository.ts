import {
  DASHBOARD_DAYS,
  DASHBOARD_SUPPLIERS,
  DASHBOARD_TRANSFERS,
  type Dashboard,
  type UnitsValue,
} from "@ultimate-bikes/contract/dashboard";
import { formatTransferNumber } from "@ultimate-bikes/contract/transfers";
import { sql, type RawBuilder } from "kysely";
import type { AppDatabase } from "../db/database.ts";
import { MAIN_WAREHOUSE_ID } from "../db/main-warehouse.ts";
import { toIsoTimestamp } from "../db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const dollars = (cents: number | string) => Number(cents) / 100;

/**
 * Sums of `units` (a column of units) as UnitsValue's columns: units, their value at the bike's
 * sale price, and at cost for those whose bike has a cost price. Whole cents, so exact.
 */
const unitsValueColumns = (units: RawBuilder<unknown>) => [
  sql<number>`coalesce(sum(${units}), 0)`.as("units"),
  sql<number>`coalesce(sum(${units} * bike.price_cents), 0)`.as("price_cents"),
  sql<number>`coalesce(sum(case when bike.cost_price_cents is null then 0 else ${units} * bike.cost_price_cents end), 0)`.as(
    "cost_cents",
  ),
  sql<number>`coalesce(sum(case when bike.cost_price_cents is null then 0 else ${units} end), 0)`.as(
    "units_at_cost",
  ),
];

interface UnitsValueRow {
  units: number | string;
  price_cents: number | string;
  cost_cents: number | string;
  units_at_cost: number | string;
}

const unitsValueOf = (row: UnitsValueRow | undefined): UnitsValue => ({
  units: Number(row?.units ?? 0),
  valueAtPrice: dollars(row?.price_cents ?? 0),
  valueAtCost: Number(row?.units_at_cost ?? 0) > 0 ? dollars(row!.cost_cents) : null,
  unitsAtCost: Number(row?.units_at_cost ?? 0),
});

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

  /**
   * Each place's units and value, in one pass over `bike_stock` (deleted bikes' units left out
   * by the join): every open place, and an archived one while it holds units; and the units in
   * transit.
   */
  async function byPlace(): Promise<Pick<Dashboard, "byPlace" | "inTransit">> {
    const stock = await db
      .selectFrom("bike_stock")
      .innerJoin("bike", "bike.id", "bike_stock.bike_id")
      .select(["bike_stock.place_id", ...unitsValueColumns(sql`bike_stock.quantity`)])
      .where("bike_stock.quantity", ">", 0)
      .groupBy("bike_stock.place_id")
      .execute();
    const inTransit = await db
      .selectFrom("bike")
      .select(unitsValueColumns(sql`bike.in_transit`))
      .where("bike.in_transit", ">", 0)
      .executeTakeFirst();
    const atPlace = new Map(stock.map((row) => [row.place_id, row]));
    const places = await db
      .selectFrom("place")
      .select(["id", "name", "archived_at"])
      .orderBy(sql`case when id = ${MAIN_WAREHOUSE_ID} then 0 else 1 end`)
      .orderBy(sql`lower(name)`)
      .orderBy("id")
      .execute();
    return {
      byPlace: places
        .filter((place) => place.archived_at === null || atPlace.has(place.id))
        .map((place) => ({
          place: { id: place.id, name: place.name },
          ...unitsValueOf(atPlace.get(place.id)),
        })),
      inTransit: unitsValueOf(inTransit),
    };
  }

  /** The transfers sent and not received: how many, their units, the longest on the way. */
  async function transfersInTransit(): Promise<Dashboard["transfersInTransit"]> {
    const totals = await db
      .selectFrom("transfer")
      .innerJoin("transfer_line", "transfer_line.transfer_id", "transfer.id")
      .select([
        sql<number>`count(distinct transfer.id)`.as("count"),
        sql<number>`coalesce(sum(transfer_line.quantity), 0)`.as("units"),
      ])
      .where("transfer.status", "=", "sent")
      .executeTakeFirstOrThrow();
    const sent = await db
      .selectFrom("transfer")
      .innerJoin("place as source", "source.id", "transfer.source_place_id")
      .innerJoin("place as destination", "destination.id", "transfer.destination_place_id")
      .select((eb) => [
        "transfer.id",
        "transfer.number",
        "transfer.sent_at",
        "source.id as source_id",
        "source.name as source_name",
        "destination.id as destination_id",
        "destination.name as destination_name",
        eb
          .selectFrom("transfer_line")
          .select(sql<number>`coalesce(sum(transfer_line.quantity), 0)`.as("units"))
          .whereRef("transfer_line.transfer_id", "=", "transfer.id")
          .as("units"),
      ])
      .where("transfer.status", "=", "sent")
      .orderBy("transfer.sent_at")
      .orderBy("transfer.number")
      .limit(DASHBOARD_TRANSFERS)
      .execute();
    return {
      count: Number(totals.count),
      units: Number(totals.units),
      items: sent.map((row) => ({
        id: row.id,
        number: formatTransferNumber(Number(row.number)),
        source: { id: row.source_id, name: row.source_name },
        destination: { id: row.destination_id, name: row.destination_name },
        units: Number(row.units ?? 0),
        sentAt: toIsoTimestamp(row.sent_at!),
      })),
    };
  }

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
      const places = await byPlace();
      const transfers = await transfersInTransit();

      const byDay = new Map(days.map((row) => [row.day, row]));
      const top = suppliers.slice(0, DASHBOARD_SUPPLIERS);
      const rest = suppliers.slice(DASHBOARD_SUPPLIERS);
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
        ...places,
        transfersInTransit: transfers,
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
