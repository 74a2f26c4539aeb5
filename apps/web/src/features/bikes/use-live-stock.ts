import { useQueryClient } from "@tanstack/react-query";
import type { StockEvent } from "@ultimate-bikes/contract/stock-events";
import { useCallback, useEffect, useRef, useState } from "react";
import { useAfterFirstPaint } from "../../lib/use-after-first-paint";
import type { StockNotice } from "./live-stock-context";
import type { LiveStatus } from "./stock-events";

/** How long a notice stays: long enough to read in passing, short enough not to linger. */
export const NOTICE_MS = 5000;

/**
 * The one subscription to the stock stream for the whole app (mounted by the root layout): keeps
 * TanStack Query's cache true to the stock, and says what changed and whether the stream is
 * live.
 */
export function useLiveStock() {
  const queryClient = useQueryClient();
  const afterFirstPaint = useAfterFirstPaint();
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const [notices, setNotices] = useState<readonly StockNotice[]>([]);
  // Read when an event arrives, never rendered, so a ref: pages come and go without re-rendering.
  const watched = useRef(new Map<string, number>());

  const watch = useCallback((bikeId: string) => {
    const counts = watched.current;
    counts.set(bikeId, (counts.get(bikeId) ?? 0) + 1);
    return () => {
      const left = (counts.get(bikeId) ?? 1) - 1;
      if (left > 0) counts.set(bikeId, left);
      else counts.delete(bikeId);
    };
  }, []);

  useEffect(() => {
    if (!afterFirstPaint) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    let lastKey = 0;

    function announce({ bikeId, name, kind, delta }: StockEvent) {
      lastKey += 1;
      const key = lastKey;
      const shownOnBikePage = watched.current.has(bikeId) && kind !== "seed" && kind !== "create";
      // One notice a bike: the newest, with the units of the one before when it is more of the same.
      setNotices((current) => {
        const before = current.find((notice) => notice.bikeId === bikeId);
        const units = Math.abs(delta) + (before?.kind === kind ? before.units : 0);
        return [
          ...current.filter((notice) => notice !== before),
          { key, bikeId, name, kind, units, shownOnBikePage },
        ];
      });
      const timer = setTimeout(() => {
        timers.delete(timer);
        setNotices((current) => current.filter((notice) => notice.key !== key));
      }, NOTICE_MS);
      timers.add(timer);
    }

    // The stream and the cache rules bring the contract's schemas, which the first paint does not
    // need: they load in their own chunk after it, and the stream opens once they are in.
    let stop: (() => void) | undefined;
    let stopped = false;
    void Promise.all([import("./stock-event-cache"), import("./stock-events")]).then(
      ([{ createStockCache }, { connectStockEvents }]) => {
        if (stopped) return;
        const cache = createStockCache(queryClient);
        const disconnect = connectStockEvents({
          onStock: (event, replayed) => {
            cache.apply(event);
            // Replayed changes are not "just now": they came before the stream (re)opened, maybe
            // before the page was read.
            if (!replayed) announce(event);
          },
          onReset: cache.refetchAll,
          onStatus: setStatus,
        });
        stop = () => {
          disconnect();
          cache.dispose();
        };
      },
    );
    return () => {
      stopped = true;
      stop?.();
      timers.forEach(clearTimeout);
    };
  }, [queryClient, afterFirstPaint]);

  return { status, notices, watch };
}
