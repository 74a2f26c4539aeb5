import { z } from "zod";
import { bikeSchema } from "./bikes.ts";

/**
 * Recently deleted (docs/decisions/015): a deleted bike waits here, restorable with its id,
 * quantity and history, until its retention period (DELETED_RETENTION_DAYS) is over.
 * `GET /api/deleted-bikes` lists them for staff; `POST /api/deleted-bikes/{id}/restore` puts one
 * back and answers with the bike as `GET /api/bikes/{id}` would.
 */

/** The most `GET /api/deleted-bikes` answers with: the newest deletions. */
export const DELETED_BIKES_LIST_MAX = 200;

export const deletedBikeSchema = bikeSchema.omit({ stock: true }).extend({
  /** When it was deleted, ISO 8601. */
  deletedAt: z.string(),
  /** Who deleted it, by name (never an email); null when nobody is on record. */
  deletedBy: z.string().nullable(),
  /** From when it may be purged for good, ISO 8601: deletedAt plus the retention period. */
  purgeAt: z.string(),
});

export type DeletedBike = z.infer<typeof deletedBikeSchema>;

export const deletedBikeListSchema = z.object({
  /** Newest deletion first. */
  items: z.array(deletedBikeSchema),
  /** How many days a deleted bike stays restorable (DELETED_RETENTION_DAYS). */
  retentionDays: z.number().int(),
});

export type DeletedBikeList = z.infer<typeof deletedBikeListSchema>;
