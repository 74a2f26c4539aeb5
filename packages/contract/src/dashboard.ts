import { z } from "zod";

/** How many days the units-in-and-out chart covers, today included (UTC days). */
export const DASHBOARD_DAYS = 30;
/** Suppliers the value chart names; the rest are one "Other" bar. */
export const DASHBOARD_SUPPLIERS = 10;
export const OTHER_SUPPLIERS = "Other";

/** `GET /dashboard`: the warehouse in numbers (issue 13). */
export const dashboardSchema = z.object({
  models: z.number().int(),
  unitsInStock: z.number().int(),
  /** Dollars: each bike's price times its quantity, summed in cents, so exact. */
  stockValue: z.number(),
  lowCount: z.number().int(),
  outCount: z.number().int(),
  movementsToday: z.number().int(),
  /** Oldest first, every day present. */
  unitsPerDay: z.array(
    z.object({ day: z.string(), unitsIn: z.number().int(), unitsOut: z.number().int() }),
  ),
  /** Highest first. */
  valueBySupplier: z.array(z.object({ supplierName: z.string(), value: z.number() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
