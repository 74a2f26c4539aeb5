// Over 300 lines: every schema of a bike's requests and answers, which both sides import from this one module.
import { z } from "zod";
import { emailSchema } from "./email.ts";
import { placeIdSchema, placeStockSchema } from "./places.ts";
import { safeCharacters, safeText } from "./safe-text.ts";
import { unitListSchema } from "./units.ts";

/** Limits that keep every stored number exact and far from integer overflow. */
export const PRICE_MAX = 10_000_000;
export const QUANTITY_MAX = 1_000_000;
export const TEXT_MAX = 120;
export const DESCRIPTION_MAX = 2000;
export const PHOTO_URL_MAX = 2000;

/** A bike's reorder point when nobody set one: at or below it, its stock is low. */
export const DEFAULT_REORDER_POINT = 3;

/** Home shows the first six bikes of the list (docs/product.md, Constants). */
export const FEATURED_BIKE_COUNT = 6;

/** What the API answers for an id that names no bike, unknown or malformed (docs/decisions/003). */
export const NO_SUCH_BIKE = "No bike with that id";

/** A bike's `_id`. Text that is not a UUID names no bike, so its message is the 404's. */
export const bikeIdSchema = z.uuid({ error: NO_SUCH_BIKE });

export const bikeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  photo: z.string(),
  des: z.string(),
  /** US dollars, at most two decimals. */
  price: z.number(),
  quantity: z.number().int(),
  supplierName: z.string(),
  /** At or below this quantity (and above 0) the bike is low on stock. */
  reorderPoint: z.number().int(),
  /**
   * Its short, human id (`UB-00042`, stock-number.ts): on labels, in search, in Scan. Null only
   * for a bike that a server of the previous release added during an upgrade.
   */
  stockNumber: z.string().nullable(),
  /**
   * Its units at each place that has some (issue 23), the main warehouse first, then by name.
   * `quantity` is their sum plus `inTransit`.
   */
  stock: z.array(placeStockSchema),
  /** Units on their way between places (sent on a transfer, not yet received). */
  inTransit: z.number().int(),
  /** Whether each unit is recorded by chassis and engine number (issue 24, units.ts). */
  tracksUnits: z.boolean(),
  /** Units kept for customers: in `quantity`, not available (`quantity - inTransit - held`). */
  held: z.number().int(),
});

export const bikeListSchema = z.array(bikeSchema);

export type Bike = z.infer<typeof bikeSchema>;

/** A bike as lists show it: every field but its places' stock, which its own answer has. */
export type BikeSummary = Omit<Bike, "stock">;

/**
 * A bike as its owner sees it in My Items: with the owner's email (docs/product.md, Data). Public
 * reads never select the email, so nobody's address can reach visitors.
 */
export const itemSchema = bikeSchema.extend({ email: z.string().nullable() });
export const itemListSchema = z.array(itemSchema);

export type Item = z.infer<typeof itemSchema>;

/**
 * A whole number of units from 0 to `max`, typed as a number or as the text of one (the original
 * API's forms send text; docs/product.md, API). Anything else is refused with a message a person can act on.
 */
const missingOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? "is required" : message;

export const wholeNumber = (max = QUANTITY_MAX) =>
  z
    .union([z.number(), z.string().trim().min(1, "is required")], {
      error: missingOr("must be a whole number"),
    })
    .transform((value) =>
      typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value,
    )
    .pipe(
      z
        .number({ error: "must be a whole number" })
        .int("must be a whole number")
        .min(0, "must be 0 or more")
        .max(max, `must be at most ${max.toLocaleString("en-US")}`),
    );

/** A price in dollars with at most two decimals, as a number or its text. */
export const priceField = z
  .union([z.number(), z.string().trim().min(1, "is required")], {
    error: missingOr("must be a price like 1999.99"),
  })
  .transform((value) =>
    typeof value === "string" && /^\d+(\.\d{1,2})?$/.test(value) ? Number(value) : value,
  )
  .pipe(
    z
      .number({ error: "must be a price like 1999.99" })
      .min(0, "must be 0 or more")
      .max(PRICE_MAX, `must be at most ${PRICE_MAX.toLocaleString("en-US")}`)
      .refine((value) => Number(value.toFixed(2)) === value, "must have at most two decimals"),
  );

/**
 * What a bike cost, in dollars like its price: optional, so the stock can be valued at cost where
 * it is known. Empty text or null: not known.
 */
export const costPriceField = z
  .union([z.number(), z.string(), z.null()], { error: "must be a price like 1999.99" })
  .transform((value) => (typeof value === "string" && value.trim() === "" ? null : value))
  .pipe(priceField.nullable());

/**
 * Where a relative photo path is resolved for the check below. Any origin would do: what counts is
 * whether a path stays on the origin it is resolved against, wherever the site runs.
 */
const PHOTO_CHECK_BASE = "https://ultimate-bikes.invalid";

// The contract compiles without DOM or Node types; browsers and Node both have the WHATWG URL.
declare const URL: new (
  input: string,
  base?: string,
) => { protocol: string; hostname: string; origin: string };

/**
 * A photo is an `https:` URL or a path on this site, judged as a browser reads it: the value is
 * parsed with the WHATWG URL parser against a base. Input with a scheme must be `https:`; input
 * without one must stay on the base's origin, so `//host/x`, `/\host/x` and `\\host` (which a
 * browser loads from `host`) are refused, and so is an encoded slash or backslash (`/%5Chost`),
 * which some servers and proxies decode.
 */
export function isSafePhotoUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  const hasScheme = /^[a-z][a-z\d+.-]*:/i.test(value);
  let url: { protocol: string; hostname: string; origin: string };
  try {
    // With a scheme, it is parsed on its own, as on a page of any other scheme: `https:host`
    // names `host`, and `https:` alone names nothing.
    url = hasScheme ? new URL(value) : new URL(value, `${PHOTO_CHECK_BASE}/`);
  } catch {
    return false;
  }
  if (hasScheme) return url.protocol === "https:" && url.hostname !== "";
  return (
    url.origin === PHOTO_CHECK_BASE &&
    /^\/(?![/\\])/.test(value) &&
    !value.includes("\\") &&
    !/%(2f|5c)/i.test(value)
  );
}

export const PHOTO_URL_PROBLEM =
  "must be an https:// image URL or a path on this site starting with /";

const photoField = safeText(PHOTO_URL_MAX).refine(isSafePhotoUrl, PHOTO_URL_PROBLEM);

/** `POST /bikes` and `POST /items`: the add form's seven fields (docs/product.md, Screens). */
export const newBikeSchema = z.strictObject({
  name: safeText(TEXT_MAX),
  /** Informational only: the owner always comes from the session. */
  email: emailSchema.optional(),
  photo: photoField,
  des: safeText(DESCRIPTION_MAX, { multiline: true }),
  price: priceField,
  quantity: wholeNumber(),
  supplierName: safeText(TEXT_MAX),
  /** Optional: DEFAULT_REORDER_POINT when left out. */
  reorderPoint: wholeNumber().optional(),
  /** Optional: what it cost; not known when left out. */
  costPrice: costPriceField.optional(),
});

export type NewBikeInput = z.input<typeof newBikeSchema>;
export type NewBike = z.output<typeof newBikeSchema>;

export const insertedSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
export const deletedSchema = z.object({
  acknowledged: z.boolean(),
  deletedCount: z.number().int(),
});

/**
 * `PUT /bikes/{id}/details`: a bike's details as the edit form sends them, all six at once. The
 * quantity is not among them: it changes only by deliveries and imports (docs/product.md).
 */
export const bikeDetailsInputSchema = z.strictObject({
  name: safeText(TEXT_MAX),
  photo: photoField,
  des: safeText(DESCRIPTION_MAX, { multiline: true }),
  price: priceField,
  supplierName: safeText(TEXT_MAX),
  reorderPoint: wholeNumber(),
  /** What it cost, null or "" for not known; left out: stays as it is (clients before issue 21). */
  costPrice: costPriceField.optional(),
});

export type BikeDetailsInput = z.input<typeof bikeDetailsInputSchema>;
export type BikeDetailsValues = z.output<typeof bikeDetailsInputSchema>;

/**
 * `PATCH /bikes/{id}/details`: only the details an edit changes; the others stay as stored, and
 * the ledger's `edit` entry names only those that really changed (none: nothing is recorded).
 */
export const bikeDetailsPatchSchema = bikeDetailsInputSchema.partial();
export type BikeDetailsPatch = z.output<typeof bikeDetailsPatchSchema>;

/**
 * `GET` and `PUT /bikes/{id}/details`: the details as stored (the photo as it was entered, not
 * made absolute), with `tag`, the entity tag an edit sends back as `If-Match` so that it never
 * overwrites a newer edit (the answer's `ETag` header holds the same, quoted).
 */
export const bikeDetailsSchema = z.object({
  name: z.string(),
  photo: z.string(),
  des: z.string(),
  price: z.number(),
  supplierName: z.string(),
  reorderPoint: z.number().int(),
  /**
   * What it cost, null when not known. Only here, in the details staff (and an item's owner)
   * read to edit, never in the public lists: visitors do not see the margin.
   */
  costPrice: z.number().nullable(),
  tag: z.string(),
});

export type BikeDetails = z.infer<typeof bikeDetailsSchema>;

/** An order or a supplier invoice number, given with a delivery or an import. */
export const REFERENCE_MAX = 80;

/**
 * The order or supplier invoice a delivery, an import or a transfer is for, as the ledger shows
 * it: one line of safe text (safe-text.ts), blank meaning none.
 */
export const referenceField = z
  .string()
  .trim()
  .max(REFERENCE_MAX, `must be at most ${REFERENCE_MAX} characters`)
  .check(safeCharacters())
  .transform((reference) => (reference === "" ? undefined : reference))
  .optional();

/**
 * `POST /bikes/{id}/deliveries`: the body is optional. `amount` units leave as one ledger entry
 * ("Deliver 4" for one order); without it, one unit, as the spec's Delivered.
 */
export const deliveryRequestSchema = z
  .strictObject({
    amount: wholeNumber()
      .refine((amount) => amount >= 1, "must be 1 or more")
      .optional(),
    reference: referenceField,
    /** Where the units leave from: by default the caller's home place, else the main warehouse. */
    placeId: placeIdSchema.optional(),
    /** On a model tracked by unit: the unit that leaves (else the oldest available there). */
    unitId: z.uuid({ error: "must be a unit id" }).optional(),
  })
  .refine((delivery) => delivery.unitId === undefined || (delivery.amount ?? 1) === 1, {
    path: ["amount"],
    message: "must be 1 with a unitId",
  })
  .nullish();

/** `POST /bikes/{id}/imports`: add this many units (0 changes nothing), at `placeId` (as above). */
export const importRequestSchema = z.strictObject({
  amount: wholeNumber(),
  reference: referenceField,
  placeId: placeIdSchema.optional(),
  /** On a model tracked by unit: each arriving unit, as many as `amount` (units.ts). */
  units: unitListSchema.optional(),
  /** Keep chassis numbers whose check digit does not match (else a 422 names them). */
  checkDigitsConfirmed: z.boolean({ error: "must be true or false" }).optional(),
});

/** The original API's `PATCH /bikes/{id}` (Delivered): the quantity after taking one unit. */
export const deliveredQuantitySchema = z.strictObject({
  updatedQuantity: wholeNumber(),
});

/**
 * The original API's `PUT /bikes/{id}` (Import): the new total. `previousQuantity` (or an If-Match header)
 * names the total it was computed from, so a concurrent change is a 409, never a lost import.
 */
export const newTotalSchema = z.strictObject({
  newNumber: wholeNumber(),
  previousQuantity: wholeNumber().optional(),
});

/** The ledger's kinds; `edit` changes a bike's details, never its quantity (delta 0). */
export const stockMovementKindSchema = z.enum([
  "seed",
  "create",
  "deliver",
  "import",
  "delete",
  "restore",
  "edit",
  "send",
  "receive",
  "shortfall",
  "track",
  "untrack",
  "hold",
  "hold-extend",
  "release",
  "hold-expire",
]);
export type StockMovementKind = z.infer<typeof stockMovementKindSchema>;

/** The details an edit may change (the quantity changes only by deliveries and imports). */
export const editableBikeFieldSchema = z.enum([
  "name",
  "des",
  "price",
  "supplierName",
  "photo",
  "reorderPoint",
  "costPrice",
]);
export type EditableBikeField = z.infer<typeof editableBikeFieldSchema>;

/**
 * One field an edit changed, with its value before and after (prices in dollars; null: none).
 * The stock number has its own edit (`PUT /bikes/{id}/stock-number`), recorded the same way.
 */
export const bikeChangeSchema = z.object({
  field: z.union([editableBikeFieldSchema, z.literal("stockNumber")]),
  from: z.union([z.string(), z.number(), z.null()]),
  to: z.union([z.string(), z.number(), z.null()]),
});
export type BikeChange = z.infer<typeof bikeChangeSchema>;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  kind: stockMovementKindSchema,
  delta: z.number().int(),
  quantityAfter: z.number().int(),
  /**
   * Who made the change, by name: the ledger is read by every colleague, and their email
   * addresses are not theirs to read. Null for the warehouse's own entries (seeding).
   */
  actorName: z.string().nullable(),
  at: z.string(),
  /** The order or invoice the delivery or import was for; null when none was given. */
  reference: z.string().nullable(),
  /** On `edit`: what changed; null on every other kind. */
  changes: z.array(bikeChangeSchema).nullable(),
  /** Where the units moved (issue 23); null for edits, deletes and entries from before places. */
  place: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Units in or out at `place`; `delta` is the change of the bike's total (0 on a `send`). */
  placeDelta: z.number().int().nullable(),
  /** On `send`, `receive` and `shortfall`: the transfer, by id and number (`T-000123`). */
  transfer: z.object({ id: z.string(), number: z.string() }).nullable(),
});

export const stockMovementListSchema = z.array(stockMovementSchema);

export type StockMovement = z.infer<typeof stockMovementSchema>;

/** `GET /items?email=`: whose items to list (must be the bearer token's own email). */
export const itemsQuerySchema = z.strictObject({ email: emailSchema });

/**
 * The bike page's Import field: its text, parsed into the `amount` that `importRequestSchema`
 * takes, or refused with the words the page shows in its toast.
 */
export const importFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .min(1, "Please enter how many units to import.")
    .transform(Number)
    .pipe(
      z
        .number({ error: "Please enter a number of units." })
        // The original app's own words for a negative entry (docs/product.md, Messages).
        .min(0, "Please enter positive numbers!")
        .int("Please enter a whole number of units.")
        .max(QUANTITY_MAX, `Please enter at most ${QUANTITY_MAX.toLocaleString("en-US")} units.`),
    ),
});

/** Photos people upload (issue 13): JPEG, PNG or WebP, judged by their content, at most this big. */
export const PHOTO_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** `POST /photos`: where the uploaded photo is, a path on this site for a bike's `photo`. */
export const uploadedPhotoSchema = z.object({ photo: z.string() });
