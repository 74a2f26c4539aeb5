import { z } from "zod";
import { stockMovementListSchema } from "./bikes.ts";
import { unitSchema } from "./units.ts";

/**
 * `GET /units/{id}`: the unit and its whole story from the ledger, newest first: arrived, sent,
 * received, held, released, delivered, by whom, with references. Apart from units.ts, which
 * bikes.ts imports, so neither module waits for the other.
 */
export const unitPageSchema = z.object({
  unit: unitSchema,
  history: stockMovementListSchema,
});
export type UnitPage = z.infer<typeof unitPageSchema>;
