import { generateBikes } from "../../apps/server/src/db/bulk-stock.ts";

/** Rows of one benchmark import, half updates of seeded bikes and half new bikes. */
export const IMPORT_ROWS = 20_000;
/** Imports per run: memory is read before the first and after the last. */
export const IMPORTS = 3;
/** Seeded bikes nobody imports: the reads and the deliveries go to these. */
export const UNTOUCHED_BIKES = 1_000;
/** The stock the server starts with: every import updates bikes of its own, then the untouched. */
export const SEEDED_BIKES = IMPORTS * (IMPORT_ROWS / 2) + UNTOUCHED_BIKES;

const HEADER = "id,name,supplier,price,quantity,reorder point,description,photo";
const PHOTO = "/images/bikes/honda-cbr650r.svg";

interface SeededBike {
  id: string;
  priceCents: number;
  quantity: number;
}

/** The seeded stock as the server holds it before any import (bulk-stock.ts makes the same). */
export function seededStock(): SeededBike[] {
  return [...generateBikes(SEEDED_BIKES)].map((bike) => ({
    id: bike.id!,
    priceCents: bike.price_cents!,
    quantity: bike.quantity!,
  }));
}

/**
 * Import number `round` (from 0): updates of its own slice of the seeded bikes, interleaved with
 * new bikes. The updates mix what a restock sheet does: a new price and more units, more units
 * only, a new price only, so every kind of ledger entry an import writes is there.
 */
export function importFile(stock: SeededBike[], round: number): string {
  const updates = stock.slice(round * (IMPORT_ROWS / 2), (round + 1) * (IMPORT_ROWS / 2));
  const lines = [HEADER];
  updates.forEach((bike, index) => {
    const price = index % 3 === 1 ? "" : ((bike.priceCents + 100) / 100).toFixed(2);
    const quantity = index % 3 === 2 ? "" : String(bike.quantity + 5);
    lines.push(`${bike.id},,,${price},${quantity},,,`);
    lines.push(
      `,CSV bench ${round}-${index},CSV Bench Ltd.,4999.50,5,3,A bike from a spreadsheet.,${PHOTO}`,
    );
  });
  return `${lines.join("\r\n")}\r\n`;
}

/** The seeded bikes the reads and deliveries use: the untouched ones, most units first. */
export function untouchedBikes(stock: SeededBike[]): SeededBike[] {
  return stock.slice(IMPORTS * (IMPORT_ROWS / 2)).sort((a, b) => b.quantity - a.quantity);
}
