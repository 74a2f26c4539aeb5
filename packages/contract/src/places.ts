import { z } from "zod";
import { safeText } from "./safe-text.ts";

/**
 * Places (issue 23, docs/decisions/027): the warehouse and the showrooms. Stock lives at places;
 * a bike's `quantity` is every unit the business holds: the sum of its places plus its units in
 * transit between them.
 */

export const PLACES_PATH = "/places";
export const placePath = (id: string) => `${PLACES_PATH}/${encodeURIComponent(id)}`;
/** `PUT /account/home-place`: the caller's home place, the default of their stock actions. */
export const HOME_PLACE_PATH = "/account/home-place";

/** What the API answers for an id that names no place, unknown or malformed. */
export const NO_SUCH_PLACE = "No place with that id";

export const placeIdSchema = z.uuid({ error: NO_SUCH_PLACE });
/** `/places/{id}`: a malformed id names no place, so it is the same 404 as an unknown one. */
export const placeIdParams = z.object({ id: placeIdSchema });

export const PLACE_KINDS = ["warehouse", "showroom"] as const;
export const placeKindSchema = z.enum(PLACE_KINDS, { error: "must be warehouse or showroom" });
export type PlaceKind = z.infer<typeof placeKindSchema>;

export const ADDRESS_MAX = 300;
/** A place's name and city, as long as a bike's name may be. */
const TEXT_MAX = 120;

export const placeSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: placeKindSchema,
  city: z.string(),
  address: z.string().nullable(),
  /** When it was archived (ISO 8601); archived places take no new stock and no transfers. */
  archivedAt: z.string().nullable(),
  /** Whether this is the main warehouse: the default place, never archived. */
  main: z.boolean(),
  /** Units of (non-deleted) bikes there now. */
  units: z.number().int(),
});
export type Place = z.infer<typeof placeSchema>;
export const placeListSchema = z.array(placeSchema);

/** `GET /places`: archived ones too with `archived=include`. */
export const placeListQuerySchema = z.strictObject({
  archived: z.literal("include", { error: "must be include" }).optional(),
});

const addressField = z
  .union([safeText(ADDRESS_MAX, { required: false }), z.null()])
  .transform((address) => (address ? address : null));

/** `POST /places` (admins). */
export const newPlaceSchema = z.strictObject({
  name: safeText(TEXT_MAX),
  kind: placeKindSchema,
  city: safeText(TEXT_MAX),
  address: addressField.optional(),
});
export type NewPlaceInput = z.input<typeof newPlaceSchema>;
export type NewPlace = z.output<typeof newPlaceSchema>;

/** `PATCH /places/{id}` (admins): any of the fields, and `archived` to archive or bring back. */
export const placePatchSchema = z.strictObject({
  name: safeText(TEXT_MAX).optional(),
  kind: placeKindSchema.optional(),
  city: safeText(TEXT_MAX).optional(),
  address: addressField.optional(),
  archived: z.boolean({ error: "must be true or false" }).optional(),
});
export type PlacePatchInput = z.input<typeof placePatchSchema>;
export type PlacePatch = z.output<typeof placePatchSchema>;

/** `PUT /account/home-place`: null clears it (the main warehouse is the default again). */
export const homePlaceRequestSchema = z.strictObject({
  placeId: placeIdSchema.nullable(),
});
export type HomePlaceRequest = z.infer<typeof homePlaceRequestSchema>;

/** The answer of `PUT /account/home-place`: the home place now, as `GET /account` says it. */
export const homePlaceSchema = z.object({ homePlaceId: z.string().nullable() });

/** A bike's units at one place, as every bike answer lists them (places with none left out). */
export const placeStockSchema = z.object({
  placeId: z.string(),
  place: z.string(),
  quantity: z.number().int(),
});
export type PlaceStock = z.infer<typeof placeStockSchema>;

/** A place as other answers name it. */
export const placeRefSchema = z.object({ id: z.string(), name: z.string() });
export type PlaceRef = z.infer<typeof placeRefSchema>;

/**
 * The 409 of a delivery at a place with too few there: where there is stock, in words a person
 * reads ("None at Main warehouse; 3 at Khulna showroom").
 */
export function shortAtPlaceMessage(
  place: string,
  available: number,
  elsewhere: readonly { place: string; quantity: number }[],
): string {
  const here = available === 0 ? `None at ${place}` : `Only ${available} at ${place}`;
  const others = elsewhere
    .filter((stock) => stock.quantity > 0)
    .map((stock) => `${stock.quantity} at ${stock.place}`);
  return [here, ...others].join("; ");
}
