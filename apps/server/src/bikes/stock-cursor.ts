import { bikeIdSchema, PRICE_MAX, QUANTITY_MAX, TEXT_MAX } from "@ultimate-bikes/contract/bikes";
import { stockSortSchema, type StockSort } from "@ultimate-bikes/contract/stock";
import { z } from "zod";

export type SortField = "name" | "price" | "quantity" | "updated" | "created";

/** `-price` is the price field, descending. */
export function parseSort(sort: StockSort): { field: SortField; descending: boolean } {
  const descending = sort.startsWith("-");
  return { field: (descending ? sort.slice(1) : sort) as SortField, descending };
}

/**
 * Where a page ended: the last bike's sort key (a name, cents, a quantity or an ISO timestamp),
 * then its id, which breaks ties so every bike has exactly one place in the order.
 */
export interface Position {
  key: string | number;
  id: string;
}

const keySchemas: Record<SortField, z.ZodType<string | number>> = {
  name: z.string().max(TEXT_MAX),
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
  key: z.union([z.string(), z.number()]),
  id: bikeIdSchema,
});

/**
 * A cursor is the page's end and the sort it was made for, as base64url JSON: opaque to
 * clients, and nothing in it is trusted until it has been checked (docs/decisions/009).
 */
export function encodeCursor(sort: StockSort, { key, id }: Position): string {
  return Buffer.from(JSON.stringify({ sort, key, id })).toString("base64url");
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
  const key = keySchemas[parseSort(sort).field].safeParse(parsed.data.key);
  return key.success ? { key: key.data, id: parsed.data.id } : "malformed";
}
