import { formatCount, formatPrice } from "../../lib/format";

/**
 * A dashboard number as a tile shows it (`shown`, short enough never to wrap: "$113.6M") and as
 * it is exactly (`exact`: "$113,646,239,529.68"), which the tile keeps in its title and for
 * screen readers.
 */
export interface Figure {
  shown: string;
  exact: string;
}

const compactMoney = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});
const compactCount = new Intl.NumberFormat("en-US", {
  notation: "compact",
  maximumFractionDigits: 1,
});

/** From here on a sum of money is compact ("$1.2K"): "$1,234.56" no longer fits a phone's tile. */
const COMPACT_MONEY_FROM = 1000;
/** From here on a count is compact ("113.6K"); below, "99,999" fits. */
const COMPACT_COUNT_FROM = 100_000;

export function moneyFigure(value: number): Figure {
  const exact = formatPrice(value);
  return {
    shown: Math.abs(value) >= COMPACT_MONEY_FROM ? compactMoney.format(value) : exact,
    exact,
  };
}

export function countFigure(value: number): Figure {
  const exact = formatCount(value);
  return {
    shown: Math.abs(value) >= COMPACT_COUNT_FROM ? compactCount.format(value) : exact,
    exact,
  };
}

/** A value axis's tick: compact money ("$250K"), short at any size. */
export const compactMoneyText = (value: number) => compactMoney.format(value);

/**
 * What the stock value is made of: "At cost for 8,000 bikes, at sale price for 2,000" (bikes:
 * models, as the Models tile counts them).
 */
export function valuationText(valuedAtCost: number, valuedAtSalePrice: number): string {
  if (valuedAtCost === 0 && valuedAtSalePrice === 0) return "No bikes yet";
  if (valuedAtSalePrice === 0) return "At cost price";
  if (valuedAtCost === 0) return "At sale price: no cost prices given";
  const bikes = valuedAtCost === 1 ? "bike" : "bikes";
  return `At cost for ${formatCount(valuedAtCost)} ${bikes}, at sale price for ${formatCount(valuedAtSalePrice)}`;
}
