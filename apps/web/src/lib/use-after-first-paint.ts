import { useSyncExternalStore, type ReactNode } from "react";

/*
 * Parts whose code or data can wait (the session's links, Featured Bikes, the toast area, the live
 * stock stream) start only once the first screen has been painted: what they fetch then never
 * competes with what the first paint needs.
 */

let painted = false;
let scheduled = false;
const listeners = new Set<() => void>();

/** In a tab nobody has looked at yet, the browser reports no paint: this long at most. */
const LONGEST_WAIT_MS = 3000;

function markPainted() {
  if (painted) return;
  painted = true;
  listeners.forEach((notify) => notify());
}

/**
 * Calls markPainted, in a task of its own, once the browser reports the first contentful paint;
 * where it has no paint timing, two animation frames on (the second comes once the first frame
 * has been shown).
 */
function watchFirstPaint() {
  const after = () => setTimeout(markPainted);
  const paintTiming =
    typeof PerformanceObserver !== "undefined" &&
    PerformanceObserver.supportedEntryTypes?.includes("paint");
  if (!paintTiming) {
    requestAnimationFrame(() => requestAnimationFrame(after));
    return;
  }
  const timer = setTimeout(markPainted, LONGEST_WAIT_MS);
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    clearTimeout(timer);
    after();
  });
  observer.observe({ type: "paint", buffered: true });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!scheduled) {
    scheduled = true;
    watchFirstPaint();
  }
  return () => listeners.delete(listener);
}

/** False until the page's first paint, true from then on (at once for anything mounted later). */
export function useAfterFirstPaint(): boolean {
  return useSyncExternalStore(subscribe, () => painted);
}

/**
 * Renders `children` only after the first paint (and `fallback` until then). A component of its
 * own, so the first paint re-renders only what it wraps, not the whole page around it.
 */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useAfterFirstPaint() ? children : fallback;
}
