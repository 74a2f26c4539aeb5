import { z } from "zod";

/** How many days the units-in-and-out chart covers, today included (UTC days). */
export const DASHBOARD_DAYS = 30;
/**
 * Suppliers the value chart names, most valuable first; the rest are summed in `otherSuppliers`,
 * a row of the table, never a bar (at 100,000 bikes it would dwarf every named supplier).
 */
export const DASHBOARD_SUPPLIERS = 8;
export const OTHER_SUPPLIERS = "Others";

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
});
export type Dashboard = z.infer<typeof dashboardSchema>;
