import { z } from "zod";
import { bikeIdSchema, QUANTITY_MAX, referenceField, TEXT_MAX, wholeNumber } from "./bikes.ts";
import { unitStatusSchema, UNITS_PER_WRITE_MAX } from "./units.ts";
import { placeIdSchema, placeRefSchema } from "./places.ts";
import { safeText } from "./safe-text.ts";

/**
 * Transfers (issue 23, docs/decisions/027): a document that moves stock between two places.
 * Draft → Sent (its units in transit: in every bike's quantity, at no place) → Received; or
 * Cancelled from Draft. Each step that moves stock is a ledger entry naming the transfer.
 */

export const TRANSFERS_PATH = "/transfers";
export const transferPath = (id: string) => `${TRANSFERS_PATH}/${encodeURIComponent(id)}`;
export const transferStepPath = (id: string, step: "send" | "receive" | "cancel") =>
  `${transferPath(id)}/${step}`;

/** `GET /transfers/by-number/{number}`: the Scan page's typed `T-000123`. */
export const transferByNumberPath = (number: string) =>
  `${TRANSFERS_PATH}/by-number/${encodeURIComponent(number)}`;

export const NO_SUCH_TRANSFER = "No transfer with that id";
export const NO_TRANSFER_NUMBERED = "No transfer with that number";
export const transferIdSchema = z.uuid({ error: NO_SUCH_TRANSFER });

export const TRANSFER_PREFIX = "T-";
/** `T-000123`: the number people read, print and scan. */
export const formatTransferNumber = (number: number) =>
  `${TRANSFER_PREFIX}${String(number).padStart(6, "0")}`;
/** The number a typed `T-000123` names (any case, any zero padding), else undefined. */
export function parseTransferNumber(text: string): number | undefined {
  const match = /^\s*t-(\d{1,9})\s*$/i.exec(text);
  if (!match) return undefined;
  const number = Number(match[1]);
  return number >= 1 ? number : undefined;
}

export const TRANSFER_STATUSES = ["draft", "sent", "received", "cancelled"] as const;
export const transferStatusSchema = z.enum(TRANSFER_STATUSES, {
  error: "must be draft, sent, received or cancelled",
});
export type TransferStatus = z.infer<typeof transferStatusSchema>;

/** What each status reads as on screen. */
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  draft: "Draft",
  sent: "In transit",
  received: "Received",
  cancelled: "Cancelled",
};

/** At most this many lines on one transfer. */
export const TRANSFER_LINES_MAX = 200;

const positiveUnits = wholeNumber().refine((amount) => amount >= 1, "must be 1 or more");

/** `POST /transfers`: a draft; `send: true` sends it at once (one transaction). */
export const newTransferSchema = z
  .strictObject({
    sourcePlaceId: placeIdSchema,
    destinationPlaceId: placeIdSchema,
    reference: referenceField,
    lines: z
      .array(z.strictObject({ bikeId: bikeIdSchema, quantity: positiveUnits }))
      .min(1, "must have at least one line")
      .max(TRANSFER_LINES_MAX, `must have at most ${TRANSFER_LINES_MAX} lines`),
    send: z.boolean({ error: "must be true or false" }).optional(),
  })
  .refine((transfer) => transfer.sourcePlaceId !== transfer.destinationPlaceId, {
    path: ["destinationPlaceId"],
    message: "must not be the place it leaves from",
  })
  .refine(
    (transfer) => new Set(transfer.lines.map((line) => line.bikeId)).size === transfer.lines.length,
    { path: ["lines"], message: "must name each bike once" },
  );
export type NewTransferInput = z.input<typeof newTransferSchema>;
export type NewTransfer = z.output<typeof newTransferSchema>;

export const SHORTFALL_REASON_MAX = TEXT_MAX;

/**
 * `POST /transfers/{id}/receive`: every line arrived in full unless `lines` says otherwise; a
 * line with fewer than were sent needs the reason, which the shortfall's ledger entry keeps.
 */
export const receiveTransferSchema = z
  .strictObject({
    lines: z
      .array(
        z.strictObject({
          bikeId: bikeIdSchema,
          received: wholeNumber(QUANTITY_MAX),
          reason: safeText(SHORTFALL_REASON_MAX, { required: false }).optional(),
          /** A model tracked by unit, fewer arrived: the units that did (scanned off). */
          unitIds: z
            .array(z.uuid({ error: "must be unit ids" }))
            .max(UNITS_PER_WRITE_MAX)
            .optional(),
        }),
      )
      .max(TRANSFER_LINES_MAX)
      .optional(),
  })
  .nullish();
export type ReceiveTransferInput = z.input<typeof receiveTransferSchema>;
export type ReceiveTransfer = z.output<typeof receiveTransferSchema>;

export const transferLineSchema = z.object({
  bikeId: z.string(),
  /** The bike's name when the line was written (the document outlives renames). */
  bikeName: z.string(),
  stockNumber: z.string().nullable(),
  quantity: z.number().int(),
  /** How many arrived; null until received. */
  received: z.number().int().nullable(),
  shortfallReason: z.string().nullable(),
  /** A model tracked by unit: the units sent on this line, and where each is now. */
  units: z.array(z.object({ id: z.string(), chassis: z.string(), status: unitStatusSchema })),
});
export type TransferLine = z.infer<typeof transferLineSchema>;

/** Who did a step, by name, and when. */
const stepSchema = z.object({ by: z.string().nullable(), at: z.string() }).nullable();

export const transferSchema = z.object({
  id: z.string(),
  /** `T-000123`. */
  number: z.string(),
  status: transferStatusSchema,
  source: placeRefSchema,
  destination: placeRefSchema,
  reference: z.string().nullable(),
  lines: z.array(transferLineSchema),
  /** Units on all lines. */
  units: z.number().int(),
  created: stepSchema,
  sent: stepSchema,
  received: stepSchema,
  cancelled: stepSchema,
});
export type Transfer = z.infer<typeof transferSchema>;

/** `GET /transfers`: newest first; `place` either end; `number` a `T-000123` as typed. */
export const transferListQuerySchema = z.strictObject({
  status: transferStatusSchema.optional(),
  place: placeIdSchema.optional(),
  number: z.string().trim().max(20).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.coerce
    .number({ error: "is not a cursor this list gave out" })
    .int()
    .positive()
    .optional(),
});
export type TransferListQuery = z.output<typeof transferListQuerySchema>;
export type TransferListQueryInput = z.input<typeof transferListQuerySchema>;

/** The list omits lines' details: each transfer with its lines' count and units. */
export const transferSummarySchema = transferSchema.omit({ lines: true }).extend({
  lineCount: z.number().int(),
});
export type TransferSummary = z.infer<typeof transferSummarySchema>;

export const transferPageSchema = z.object({
  items: z.array(transferSummarySchema),
  nextCursor: z.string().nullable(),
});
export type TransferPage = z.infer<typeof transferPageSchema>;
