import { z } from "zod";

/**
 * A bike's stock number (issue 21): its short, human id, `UB-` and at least five digits
 * (`UB-00042`). The database keeps the number; every answer shows it formatted.
 */
export const STOCK_NUMBER_PREFIX = "UB-";

/** The highest stock number: nine digits, far inside both databases' integers. */
export const STOCK_NUMBER_MAX = 999_999_999;

export function formatStockNumber(number: number): string {
  return `${STOCK_NUMBER_PREFIX}${String(number).padStart(5, "0")}`;
}

/**
 * The number a typed stock number names, ignoring case and surrounding spaces (`ub-00042` and
 * `UB-42` both name 42); undefined for anything else, a bare number too.
 */
export function parseStockNumber(text: string): number | undefined {
  const match = /^\s*ub-(\d{1,9})\s*$/i.exec(text);
  if (!match) return undefined;
  const number = Number(match[1]);
  return number >= 1 && number <= STOCK_NUMBER_MAX ? number : undefined;
}

export const STOCK_NUMBER_PROBLEM = "must be a stock number like UB-00042";

/** A stock number as text, parsed into its number. */
export const stockNumberSchema = z
  .string({ error: STOCK_NUMBER_PROBLEM })
  .transform((text, context) => {
    const number = parseStockNumber(text);
    if (number === undefined) {
      context.addIssue({ code: "custom", message: STOCK_NUMBER_PROBLEM });
      return z.NEVER;
    }
    return number;
  });

/** `PUT /bikes/{id}/stock-number`: the bike's new stock number. */
export const stockNumberChangeSchema = z.strictObject({ stockNumber: stockNumberSchema });
export type StockNumberChangeInput = z.input<typeof stockNumberChangeSchema>;
