import { BRAND, message } from "./message-layout.ts";

/** To a member of staff who asked for it: a bike has just run low (or out). */
export function lowStockMessage(
  to: string,
  name: string,
  bike: { name: string; quantity: number; reorderPoint: number },
  link: string,
) {
  const left = bike.quantity === 0 ? "is out of stock" : `is down to ${bike.quantity}`;
  return message(
    to,
    `Low stock: ${bike.name} ${bike.quantity === 0 ? "is out" : `(${bike.quantity} left)`}`,
    `Hello ${name},`,
    [
      `${bike.name} ${left}, at or below its reorder point of ${bike.reorderPoint}.`,
      `You get this because you asked ${BRAND} to tell you when a bike runs low. You can turn it off on your profile.`,
    ],
    "Open the bike",
    link,
  );
}
