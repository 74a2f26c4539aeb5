import { z } from "zod";
import { bikeIdSchema, stockMovementKindSchema, stockMovementSchema, TEXT_MAX } from "./bikes.ts";
import { placeIdSchema } from "./places.ts";

/** The whole ledger, a page at a time (issue 13). */
export const LEDGER_PAGE_DEFAULT = 50;
export const LEDGER_PAGE_MAX = 100;

const day = z.iso.date({ error: "must be a date like 2026-11-24" });

/** `GET /movements` and `/movements.csv`: every filter optional; dates are UTC days, inclusive. */
export const ledgerQuerySchema = z
  .strictObject({
    bikeId: bikeIdSchema.optional(),
    /**
     * A bike as a person names it (issue 21): its id, its stock number (`UB-00042`, any case) or
     * its name (any case; every bike of that name, in stock or deleted).
     */
    bike: z.string().trim().min(1).max(TEXT_MAX).optional(),
    /** A person, by their account id. */
    actor: z.string().trim().min(1).max(100).optional(),
    kind: stockMovementKindSchema.optional(),
    /** A place, by its id (issue 23): the movements at it, a transfer's send and receive included. */
    place: placeIdSchema.optional(),
    from: day.optional(),
    to: day.optional(),
    limit: z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).default(LEDGER_PAGE_DEFAULT),
    /** The `nextCursor` of the page before: the oldest movement it showed. */
    cursor: z.coerce
      .number({ error: "is not a cursor this ledger gave out" })
      .int()
      .positive()
      .optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "must not be before from",
  });
export type LedgerQuery = z.output<typeof ledgerQuerySchema>;
export type LedgerQueryInput = z.input<typeof ledgerQuerySchema>;

/** A movement with the bike it belongs to, as the whole ledger lists it. */
export const ledgerEntrySchema = stockMovementSchema.extend({
  bikeId: z.string(),
  /** The bike's name when it moved: the ledger outlives renames and deletions. */
  bikeName: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerPageSchema = z.object({
  items: z.array(ledgerEntrySchema),
  /** The cursor of the next (older) page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/** `GET /movements/people`: whoever appears in the ledger, by name, for its filter. */
export const ledgerPeopleSchema = z.array(z.object({ id: z.string(), name: z.string() }));
