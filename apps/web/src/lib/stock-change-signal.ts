/**
 * "The stock just changed": the live stock stream (features/bikes) says so after applying each
 * event, and a screen that shows figures computed from the stock (the dashboard) asks the server
 * again. Features do not import each other; they meet here.
 */
const listeners = new Set<() => void>();

export function onStockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceStockChange(): void {
  for (const listener of listeners) listener();
}
