import type { StockEvent } from "@ultimate-bikes/contract/stock-events";

/**
 * "The stock just changed": the live stock stream (features/bikes) says so after applying each
 * event, with the event, and a screen that shows figures computed from the stock (the dashboard,
 * places, transfers) asks the server again. Features do not import each other; they meet here.
 */
type Listener = (event: StockEvent) => void;
const listeners = new Set<Listener>();

export function onStockChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceStockChange(event: StockEvent): void {
  for (const listener of listeners) listener(event);
}
