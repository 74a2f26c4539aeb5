import { bikeIdSchema, PRICE_MAX, QUANTITY_MAX, TEXT_MAX } from "@ultimate-bikes/contract/bikes";
import { stockSortSchema, type StockSort } from "@ultimate-bikes/contract/stock";
import { z } from "zod";

export type SortField = "relevance" | "name" | "price" | "quantity" | "updated" | "created";

/** `-price` is the price field, descending. */
export function parseSort(sort: StockSort): { field: SortField; descending: boolean } {
  const descending = sort.startsWith("-");
  return { field: (descending ? sort.slice(1) : sort) as SortField, descending };
}

/**
 * Where a page ended: the last bike's sort key (a name, cents, a quantity or an ISO timestamp),
 * then its id, which breaks ties so every bike has exactly one place in the order. In the
 * relevance order, `rank` comes first (stock-search.ts, RELEVANCE_RANKS) and the key is the name.
 */
export interface Position {
  rank?: number | undefined;
  key: string | number;
  id: string;
}

/** How many ranks the relevance order has (stock-search.ts): exact, starts with, the rest. */
export const RELEVANCE_RANK_COUNT = 3;

const nameKey = z.string().max(TEXT_MAX);

const keySchemas: Record<SortField, z.ZodType<string | number>> = {
  relevance: nameKey,
  name: nameKey,
  price: z
    .number()
    .int()
    .min(0)
    .max(PRICE_MAX * 100),
  quantity: z.number().int().min(0).max(QUANTITY_MAX),
  updated: z.iso.datetime(),
  created: z.iso.datetime(),
};

const cursorSchema = z.strictObject({
  sort: stockSortSchema,
  rank: z
    .number()
    .int()
    .min(0)
    .max(RELEVANCE_RANK_COUNT - 1)
    .optional(),
  key: z.union([z.string(), z.number()]),
  id: bikeIdSchema,
});

/**
 * A cursor is the page's end and the sort it was made for, as base64url JSON: opaque to
 * clients, and nothing in it is trusted until it has been checked (docs/decisions/009).
 */
export function encodeCursor(sort: StockSort, { rank, key, id }: Position): string {
  return Buffer.from(JSON.stringify({ sort, rank, key, id })).toString("base64url");
}

/** Why a cursor cannot be used: it is not one of ours, or it belongs to another sort. */
export type CursorProblem = "malformed" | "other-sort";

export function decodeCursor(cursor: string, sort: StockSort): Position | CursorProblem {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return "malformed";
  }
  const parsed = cursorSchema.safeParse(decoded);
  if (!parsed.success) return "malformed";
  if (parsed.data.sort !== sort) return "other-sort";
  const { field } = parseSort(sort);
  // A rank belongs to the relevance order, and that order needs one.
  if ((field === "relevance") !== (parsed.data.rank !== undefined)) return "malformed";
  const key = keySchemas[field].safeParse(parsed.data.key);
  if (!key.success) return "malformed";
  const { rank, id } = parsed.data;
  return rank === undefined ? { key: key.data, id } : { rank, key: key.data, id };
}
