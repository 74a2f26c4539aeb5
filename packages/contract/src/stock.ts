import { z } from "zod";
import { bikeSchema, TEXT_MAX } from "./bikes.ts";
import { placeIdSchema } from "./places.ts";
import { safeText } from "./safe-text.ts";
import { unitMatchSchema } from "./units.ts";

/**
 * Searching and paging the stock at warehouse scale: `GET /api/stock` and `GET /api/suppliers`.
 * `GET /api/bikes` keeps answering the whole list for the original client.
 */

export const STOCK_PAGE_DEFAULT = 24;
export const STOCK_PAGE_MAX = 100;
export const SEARCH_TEXT_MAX = 200;

/**
 * `out`: none left. `low`: some left, but no more than the reorder point. `in`: more than that.
 * The one definition, used by the server's filter and by the badges in the web app.
 */
export const stockStatusSchema = z.enum(["in", "low", "out"]);
export type StockStatus = z.infer<typeof stockStatusSchema>;

export function stockStatusOf(quantity: number, reorderPoint: number): StockStatus {
  if (quantity === 0) return "out";
  return quantity <= reorderPoint ? "low" : "in";
}

/** What the badges say: text, never colour alone. `in` has no badge. */
export const STOCK_STATUS_LABELS = { out: "Out of stock", low: "Low stock" } as const;

/**
 * `created` is the order bikes were added in, the original list's order, which Home's featured
 * bikes keep (docs/product.md, Screens). `relevance` is the best match first: the name that is
 * the search's words, then names that start with them, then the rest, each by name; without
 * words it is the name order.
 */
export const STOCK_SORTS = [
  "relevance",
  "name",
  "-name",
  "price",
  "-price",
  "quantity",
  "-quantity",
  "updated",
  "-updated",
  "created",
  "-created",
] as const;
export const stockSortSchema = z.enum(STOCK_SORTS, {
  error: `must be one of ${STOCK_SORTS.join(", ")}`,
});
export type StockSort = z.infer<typeof stockSortSchema>;

/** Whether a search text holds a word: a letter or a digit (the server's searchWords). */
export const hasSearchWords = (q: string | undefined) => /[\p{L}\p{N}]/u.test(q ?? "");

/** The sort of a query that names none: the best match first while it has words, else by name. */
export const defaultStockSort = (q: string | undefined): StockSort =>
  hasSearchWords(q) ? "relevance" : "name";

/**
 * Which bikes a search keeps: `GET /api/stock`'s and the CSV export's. `q`: words, each matched
 * as the start of a word in the name, supplier or description, ignoring case and accents.
 * `place`: only bikes with units at that place (a place id; an unknown one is a 400 naming it).
 */
export const stockFilterQuerySchema = z.strictObject({
  q: safeText(SEARCH_TEXT_MAX, { required: false }).optional(),
  supplier: safeText(TEXT_MAX).optional(),
  status: z.enum(stockStatusSchema.options, { error: "must be in, low or out" }).optional(),
  owner: z.literal("me", { error: "must be me" }).optional(),
  place: placeIdSchema.optional(),
});

/**
 * The query of `GET /api/stock`: the filters, and `sort`: by default `relevance` while `q` has
 * words, else `name`. `cursor`: the `nextCursor` of the page before, opaque to clients.
 */
export const stockQuerySchema = stockFilterQuerySchema
  .extend({
    sort: stockSortSchema.optional(),
    limit: z.coerce
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(STOCK_PAGE_MAX, `must be at most ${STOCK_PAGE_MAX}`)
      .default(STOCK_PAGE_DEFAULT),
    // Room for the longest name as a sort key: 120 characters of up to 3 UTF-8 bytes, base64.
    cursor: safeText(1000, { trim: false }).optional(),
    /**
     * Staff: `q` is also looked up as a chassis or engine number, whole or its last 6
     * characters or more (unitNumberSearched). Its own parameter, not the caller's role, so the
     * answer for a URL stays the same for everyone and the read cache may keep it.
     */
    units: z.literal("include", { error: "must be include" }).optional(),
  })
  .transform((query) => ({ ...query, sort: query.sort ?? defaultStockSort(query.q) }));
export type StockQuery = z.output<typeof stockQuerySchema>;
export type StockQueryInput = z.input<typeof stockQuerySchema>;

/**
 * A bike as the search answers it: the original fields, plus what a work list needs. Its places'
 * stock is on the bike's own answer; a search for one place says the units there.
 */
export const stockItemSchema = bikeSchema.omit({ stock: true }).extend({
  status: stockStatusSchema,
  /** When its stock or details last changed (ISO 8601). */
  updatedAt: z.string(),
  /** With a `place` filter: the units at that place. */
  placeQuantity: z.number().int().optional(),
});
export type StockItem = z.infer<typeof stockItemSchema>;

export const stockPageSchema = z.object({
  items: z.array(stockItemSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many bikes match the query, over all pages. */
  total: z.number().int(),
  /**
   * With `units=include`: the units whose chassis or engine number `q` is (or ends) with, their
   * bikes first on the first page.
   */
  units: z.array(unitMatchSchema).optional(),
});
export type StockPage = z.infer<typeof stockPageSchema>;

export const supplierListSchema = z.array(
  z.object({ name: z.string(), bikeCount: z.number().int() }),
);
export type SupplierList = z.infer<typeof supplierListSchema>;
