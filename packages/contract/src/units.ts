import { z } from "zod";
import { safeText } from "./safe-text.ts";

/**
 * Units (issue 24, docs/decisions/033): a tracked model's motorbikes one by one, by chassis
 * number (ISO 3779, the VIN) and engine number. At every place a tracked model's units in stock
 * and held are its quantity there, and its units in transit its in-transit count.
 */

export const UNITS_PATH = "/units";
export const unitPath = (id: string) => `${UNITS_PATH}/${encodeURIComponent(id)}`;
export const bikeUnitsPath = (bikeId: string) => `/bikes/${encodeURIComponent(bikeId)}/units`;
export const bikeTrackingPath = (bikeId: string) => `/bikes/${encodeURIComponent(bikeId)}/tracking`;

/** What the API answers for an id that names no unit, unknown or malformed. */
export const NO_SUCH_UNIT = "No unit with that id";
export const unitIdSchema = z.uuid({ error: NO_SUCH_UNIT });
export const unitIdParams = z.object({ id: unitIdSchema });

export const UNIT_STATUSES = ["in_stock", "held", "in_transit", "delivered", "missing"] as const;
export const unitStatusSchema = z.enum(UNIT_STATUSES);
export type UnitStatus = z.infer<typeof unitStatusSchema>;
export const UNIT_STATUS_LABELS: Record<UnitStatus, string> = {
  in_stock: "In stock",
  held: "Held",
  in_transit: "In transit",
  delivered: "Delivered",
  missing: "Missing",
};

/** ISO 3779: 17 characters, digits and capital letters but I, O and Q (read as 1 and 0). */
export const CHASSIS_LENGTH = 17;
const CHASSIS_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
/** The shortest end of a chassis or engine number that finds a unit (`GET /units?q=`). */
export const UNIT_NUMBER_TAIL_MIN = 6;

/** As typed or scanned: capitals, no spaces or dashes (labels print them in groups). */
export const normalizeUnitNumber = (text: string) => text.toUpperCase().replace(/[\s-]+/g, "");

/** The longest text a search by number looks up (`GET /units?q=`, the stock search's units). */
export const UNIT_NUMBER_SEARCH_MAX = 40;

/**
 * A search text that can be (the end of) a chassis or engine number, normalized: 6 to 40
 * letters, digits, dots or slashes, one of them a digit. Undefined for any other text, so a
 * search by name never looks units up (the stock search stays as fast as it was).
 */
export function unitNumberSearched(q: string): string | undefined {
  const number = normalizeUnitNumber(q);
  const shaped =
    number.length >= UNIT_NUMBER_TAIL_MIN &&
    number.length <= UNIT_NUMBER_SEARCH_MAX &&
    /^[A-Z0-9./]+$/.test(number) &&
    /\d/.test(number);
  return shaped ? number : undefined;
}

const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Whether a well-formed chassis number's 9th character is its check digit (North America's rule,
 * which many markets do not use: a mismatch is a warning to confirm, never a refusal).
 */
export function chassisCheckDigitMatches(chassis: string): boolean {
  let sum = 0;
  for (let index = 0; index < CHASSIS_LENGTH; index++) {
    const char = chassis[index]!;
    const value = /\d/.test(char) ? Number(char) : TRANSLITERATION[char]!;
    sum += value * WEIGHTS[index]!;
  }
  const check = sum % 11;
  return chassis[8] === (check === 10 ? "X" : String(check));
}

export const chassisSchema = z
  .string({ error: "is required" })
  .transform(normalizeUnitNumber)
  .refine((chassis) => chassis.length === CHASSIS_LENGTH, {
    message: `must be ${CHASSIS_LENGTH} characters (ISO 3779)`,
    abort: true,
  })
  .refine((chassis) => CHASSIS_PATTERN.test(chassis), {
    message: "must be digits and capital letters other than I, O and Q (ISO 3779)",
  });

export const ENGINE_NUMBER_MAX = 30;
export const engineSchema = z
  .string({ error: "is required" })
  .transform(normalizeUnitNumber)
  .refine((engine) => engine.length > 0, { message: "is required", abort: true })
  .refine((engine) => engine.length <= ENGINE_NUMBER_MAX, {
    message: `must be at most ${ENGINE_NUMBER_MAX} characters`,
    abort: true,
  })
  .refine((engine) => /^[A-Z0-9./]+$/.test(engine), {
    message: "must be letters, digits, dots and slashes",
  });

export const MODEL_YEAR_MIN = 1900;
export const modelYearSchema = z
  .number({ error: "must be a year" })
  .int("must be a year")
  .min(MODEL_YEAR_MIN, `must be ${MODEL_YEAR_MIN} or later`)
  .max(2100, "must be 2100 or earlier");

export const COLOUR_MAX = 60;
export const UNIT_NOTES_MAX = 500;

/** One arriving unit, as typed, scanned or pasted. */
export const newUnitSchema = z.strictObject({
  chassis: chassisSchema,
  engine: engineSchema,
  colour: safeText(COLOUR_MAX),
  modelYear: modelYearSchema,
  notes: safeText(UNIT_NOTES_MAX, { multiline: true, required: false }).optional(),
});
export type NewUnitInput = z.input<typeof newUnitSchema>;
export type NewUnit = z.output<typeof newUnitSchema>;

/** At most this many units in one import or one tracking form. */
export const UNITS_PER_WRITE_MAX = 500;

/**
 * The units of one write, each chassis once and each engine once; `checkDigitsConfirmed` keeps
 * chassis numbers whose check digit does not match (else the write is a 422 naming them).
 */
export const unitListSchema = z
  .array(newUnitSchema)
  .min(1, "must list at least one unit")
  .max(UNITS_PER_WRITE_MAX, `must list at most ${UNITS_PER_WRITE_MAX} units`)
  .superRefine((units, context) => {
    for (const field of ["chassis", "engine"] as const) {
      const seen = new Set<string>();
      units.forEach((unit, index) => {
        if (seen.has(unit[field])) {
          context.addIssue({
            code: "custom",
            path: [index, field],
            message: `${unit[field]} is listed twice`,
          });
        }
        seen.add(unit[field]);
      });
    }
  });

/** The chassis numbers of a list whose check digit does not match, for the warning to confirm. */
export const uncheckedChassis = (units: readonly { chassis: string }[]) =>
  units.map((unit) => unit.chassis).filter((chassis) => !chassisCheckDigitMatches(chassis));

/** The 422's message for check digits that do not match, naming them. */
export const checkDigitWarning = (chassis: readonly string[]) =>
  `The check digit of ${chassis.join(", ")} does not match. Many markets do not use it: confirm to keep ${chassis.length === 1 ? "it" : "them"} as typed.`;

/** A hold on a unit (or on n units of an untracked model at a place), while it lasts. */
export const holdSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  reference: z.string().nullable(),
  /** When it ends by itself (ISO 8601). */
  expiresAt: z.string(),
  /** Who made it: their name (or email), and their id for "only the maker or an admin". */
  madeBy: z.string().nullable(),
  madeById: z.string().nullable(),
  madeAt: z.string(),
});
export type Hold = z.infer<typeof holdSchema>;

export const unitSchema = z.object({
  id: z.string(),
  bikeId: z.string(),
  bikeName: z.string(),
  chassis: z.string(),
  engine: z.string(),
  colour: z.string(),
  modelYear: z.number().int(),
  status: unitStatusSchema,
  /** Where it is; null while in transit. Delivered and missing units keep their last place. */
  placeId: z.string().nullable(),
  place: z.string().nullable(),
  /** The transfer carrying it, while in transit. */
  transferId: z.string().nullable(),
  arrivedAt: z.string(),
  deliveredAt: z.string().nullable(),
  notes: z.string(),
  /** Whether its chassis number's check digit matches (a warning when not). */
  checkDigitMatches: z.boolean(),
  hold: holdSchema.nullable(),
});
export type Unit = z.infer<typeof unitSchema>;
export const unitListResponseSchema = z.array(unitSchema);

/** A unit a stock search found by its number: enough to name it and link to its page. */
export const unitMatchSchema = unitSchema.pick({
  id: true,
  chassis: true,
  bikeId: true,
  bikeName: true,
  status: true,
  place: true,
});
export type UnitMatch = z.infer<typeof unitMatchSchema>;

/** `GET /bikes/{id}/units`: at one place, or in one status; oldest arrival first. */
export const bikeUnitsQuerySchema = z.strictObject({
  place: z.uuid({ error: "must be a place id" }).optional(),
  status: unitStatusSchema.optional(),
});

/**
 * `GET /units`: by a whole chassis or engine number, or `q`: either, whole or its last
 * UNIT_NUMBER_TAIL_MIN characters or more.
 */
export const unitLookupQuerySchema = z
  .strictObject({
    chassis: z.string().transform(normalizeUnitNumber).optional(),
    engine: z.string().transform(normalizeUnitNumber).optional(),
    q: z
      .string()
      .transform(normalizeUnitNumber)
      .refine((q) => q.length >= UNIT_NUMBER_TAIL_MIN && q.length <= UNIT_NUMBER_SEARCH_MAX, {
        message: `must be ${UNIT_NUMBER_TAIL_MIN} to 40 characters of a chassis or engine number`,
      })
      .optional(),
  })
  .refine((query) => [query.chassis, query.engine, query.q].filter(Boolean).length === 1, {
    message: "must give one of chassis, engine or q",
  });

/**
 * `PUT /bikes/{id}/tracking`: on, with every current unit of the model identified at its place
 * (all-or-nothing), or off (the units keep their history).
 */
export const trackingSchema = z.discriminatedUnion("tracksUnits", [
  z.strictObject({
    tracksUnits: z.literal(true),
    units: z
      .array(newUnitSchema.extend({ placeId: z.uuid({ error: "must be a place id" }) }))
      .max(UNITS_PER_WRITE_MAX, `must list at most ${UNITS_PER_WRITE_MAX} units`),
    checkDigitsConfirmed: z.boolean().optional(),
  }),
  z.strictObject({ tracksUnits: z.literal(false) }),
]);
export type TrackingChange = z.output<typeof trackingSchema>;
