import { z } from "zod";
import { placeRefSchema } from "./places.ts";

/** How many days the units-in-and-out chart covers, today included (UTC days). */
export const DASHBOARD_DAYS = 30;
/**
 * Suppliers the value chart names, most valuable first; the rest are summed in `otherSuppliers`,
 * a row of the table, never a bar (at 100,000 bikes it would dwarf every named supplier).
 */
export const DASHBOARD_SUPPLIERS = 8;
export const OTHER_SUPPLIERS = "Others";

/** Transfers in transit the dashboard lists, longest on the way first (issue 23). */
export const DASHBOARD_TRANSFERS = 20;

/**
 * Units and what they are worth (issue 23), in dollars summed in cents: at their sale price, and
 * at cost for the units whose bike has a cost price (`unitsAtCost` of them; null when none has).
 */
const unitsValueSchema = z.object({
  units: z.number().int(),
  valueAtPrice: z.number(),
  valueAtCost: z.number().nullable(),
  unitsAtCost: z.number().int(),
});
export type UnitsValue = z.infer<typeof unitsValueSchema>;

export const placeValueSchema = unitsValueSchema.extend({ place: placeRefSchema });
export type PlaceValue = z.infer<typeof placeValueSchema>;

/** A transfer sent and not yet received, as the dashboard lists it. */
export const transferInTransitSchema = z.object({
  id: z.string(),
  /** `T-000123`. */
  number: z.string(),
  source: placeRefSchema,
  destination: placeRefSchema,
  units: z.number().int(),
  /** When it was sent (ISO 8601). */
  sentAt: z.string(),
});
export type TransferInTransit = z.infer<typeof transferInTransitSchema>;

/** `GET /dashboard`: the warehouse in numbers (issue 13). */
export const dashboardSchema = z.object({
  models: z.number().int(),
  unitsInStock: z.number().int(),
  /**
   * Dollars: each bike's quantity times its cost price where one is known, else its sale price,
   * summed in cents, so exact.
   */
  stockValue: z.number(),
  /** Bikes (models) valued at their cost price, and at their sale price (no cost price known). */
  valuedAtCost: z.number().int(),
  valuedAtSalePrice: z.number().int(),
  lowCount: z.number().int(),
  outCount: z.number().int(),
  movementsToday: z.number().int(),
  /** Oldest first, every day present. */
  unitsPerDay: z.array(
    z.object({ day: z.string(), unitsIn: z.number().int(), unitsOut: z.number().int() }),
  ),
  /** The DASHBOARD_SUPPLIERS most valuable suppliers, highest first (valued as stockValue). */
  valueBySupplier: z.array(z.object({ supplierName: z.string(), value: z.number() })),
  /** Every other supplier, summed; null when there are no more. */
  otherSuppliers: z.object({ suppliers: z.number().int(), value: z.number() }).nullable(),
  /**
   * Each place's units and value (issue 23): every open place, the main warehouse first, then by
   * name, and an archived one while it holds units. With `inTransit` they add up to the totals.
   */
  byPlace: z.array(placeValueSchema),
  /** The units on their way between places, and their value. */
  inTransit: unitsValueSchema,
  /** Transfers sent and not yet received. */
  transfersInTransit: z.object({
    count: z.number().int(),
    units: z.number().int(),
    /** The DASHBOARD_TRANSFERS sent longest ago, oldest first. */
    items: z.array(transferInTransitSchema),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
