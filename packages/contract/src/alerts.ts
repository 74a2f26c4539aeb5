import { z } from "zod";

/**
 * `GET` and `PUT /account/low-stock-alerts`: whether the signed-in member of staff gets a mail
 * when a bike falls to or below its reorder point (issue 13).
 */
export const lowStockAlertsSchema = z.strictObject({ subscribed: z.boolean() });
export type LowStockAlerts = z.infer<typeof lowStockAlertsSchema>;
