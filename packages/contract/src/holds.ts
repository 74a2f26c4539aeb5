import { z } from "zod";
import { QUANTITY_MAX, referenceField, wholeNumber } from "./bikes.ts";
import { placeIdSchema } from "./places.ts";
import { safeText } from "./safe-text.ts";
import { holdSchema } from "./units.ts";

/*
 * Holds (issue 24, section 3): staff keep a unit, or n units of an untracked model at a place,
 * for a customer until a date. Held units stay in `quantity` but are not available; only the
 * hold's maker or an admin may deliver, release or extend it, and it ends by itself at expiry.
 */

const unitPath = (unitId: string) => `/units/${encodeURIComponent(unitId)}`;
const holdPath = (holdId: string) => `/holds/${encodeURIComponent(holdId)}`;
export const unitHoldPath = (unitId: string) => `${unitPath(unitId)}/hold`;
export const unitReleasePath = (unitId: string) => `${unitPath(unitId)}/release`;
export const unitHoldExtendPath = (unitId: string) => `${unitHoldPath(unitId)}/extend`;
export const bikeHoldsPath = (bikeId: string) => `/bikes/${encodeURIComponent(bikeId)}/holds`;
export const holdReleasePath = (holdId: string) => `${holdPath(holdId)}/release`;
export const holdExtendPath = (holdId: string) => `${holdPath(holdId)}/extend`;

/** What the API answers for an id that names no hold, unknown or malformed. */
export const NO_SUCH_HOLD = "No hold with that id";
export const holdIdParams = z.object({ id: z.uuid({ error: NO_SUCH_HOLD }) });

/** How far ahead a hold may run: a deposit keeps a bike for weeks, not for ever. */
export const HOLD_DAYS_MAX = 90;
export const CUSTOMER_NAME_MAX = 100;
export const CUSTOMER_PHONE_MAX = 30;

/**
 * What is wrong with an expiry at `now`, or undefined: it must be later, and at most
 * HOLD_DAYS_MAX days ahead. The server asks it with its own clock.
 */
export function holdExpiryProblem(expiresAt: string, now: Date): string | undefined {
  const at = new Date(expiresAt).getTime();
  if (at <= now.getTime()) return "must be in the future";
  if (at > now.getTime() + HOLD_DAYS_MAX * 24 * 60 * 60 * 1000) {
    return `must be at most ${HOLD_DAYS_MAX} days ahead`;
  }
  return undefined;
}

/** A date-time with its offset (ISO 8601), as a date picker's value becomes one. */
const expiresAtField = z.iso.datetime({
  offset: true,
  error: "must be a date and time (ISO 8601), such as 2026-12-24T18:00:00Z",
});

const customerFields = {
  customerName: safeText(CUSTOMER_NAME_MAX),
  customerPhone: safeText(CUSTOMER_PHONE_MAX).refine((phone) => /^[+\d][\d ()./-]*$/.test(phone), {
    message: "must be a phone number: digits, spaces, +, (, ), . and -",
  }),
  reference: referenceField,
  expiresAt: expiresAtField,
};

/** `POST /units/{id}/hold`: hold one unit of a tracked model for a customer. */
export const unitHoldRequestSchema = z.strictObject(customerFields);
export type UnitHoldRequest = z.output<typeof unitHoldRequestSchema>;

/**
 * `POST /bikes/{id}/holds`: hold `units` of an untracked model at a place (by default the
 * caller's home place, else the main warehouse).
 */
export const bikeHoldRequestSchema = z.strictObject({
  ...customerFields,
  placeId: placeIdSchema.optional(),
  units: wholeNumber().refine((units) => units >= 1 && units <= QUANTITY_MAX, "must be 1 or more"),
});
export type BikeHoldRequest = z.output<typeof bikeHoldRequestSchema>;

/** `POST …/extend`: the new expiry (the same rules as a new hold's). */
export const holdExtendRequestSchema = z.strictObject({ expiresAt: expiresAtField });

export const HOLD_END_REASONS = ["released", "delivered", "expired"] as const;

/** A hold with what it keeps and where: the holds routes' answer, and a model's open holds. */
export const holdRecordSchema = holdSchema.extend({
  bikeId: z.string(),
  placeId: z.string(),
  place: z.string(),
  /** The unit held, or null for n units of an untracked model. */
  unitId: z.string().nullable(),
  chassis: z.string().nullable(),
  units: z.number().int(),
  /** Set once it has ended: released, delivered or expired. */
  endedAt: z.string().nullable(),
  endReason: z.enum(HOLD_END_REASONS).nullable(),
});
export type HoldRecord = z.infer<typeof holdRecordSchema>;
export const holdRecordListSchema = z.array(holdRecordSchema);
