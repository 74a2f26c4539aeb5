import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { onStockChange } from "./stock-change-signal";

/** A burst of changes (an import of a file, a busy hour) asks once, after it settles a moment. */
const REFRESH_DELAY_MS = 500;

/**
 * Asks again for the queries under `queryKey` whenever the live stream says the stock changed:
 * for a screen whose figures the server computes from the stock (the dashboard, places).
 */
export function useRefreshOnStockChange(queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  // The key as text: a new array of the same key each render must not resubscribe.
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onStockChange(() => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey }),
        REFRESH_DELAY_MS,
      );
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [queryClient, key]);
}
