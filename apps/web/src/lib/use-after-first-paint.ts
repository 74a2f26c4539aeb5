import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";

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
/** After the first paint, how long at most to wait for the browser to be idle. */
const IDLE_WAIT_MS = 1000;

/**
 * Runs `callback` once the browser is idle (at most IDLE_WAIT_MS on), or in a task of its own
 * where it has no idle callbacks. Returns what cancels it.
 */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback !== "function") {
    const timer = setTimeout(callback);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(callback, { timeout: IDLE_WAIT_MS });
  return () => cancelIdleCallback(handle);
}

function markPainted() {
  if (painted) return;
  painted = true;
  listeners.forEach((notify) => notify());
}

/**
 * Calls markPainted once the browser reports the first contentful paint and then has a moment;
 * where it has no paint timing, two animation frames on (the second comes once the first frame
 * has been shown).
 */
function watchFirstPaint() {
  // Then once the browser is idle: a page opened directly often paints its header or skeleton
  // first and its content a moment later, and what can wait should not start in between.
  const after = () => void whenIdle(markPainted);
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

/**
 * False until the browser has had an idle moment since the component mounted: for what a page
 * shows below its first screen (a bike's ledger), so its request does not start between the
 * page's content and the paint that shows it.
 */
export function useIdleSinceMount(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
