import { useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType, type Location } from "react-router";

/** Where each history entry was scrolled to, by its key; kept across a reload of the tab. */
const STORAGE_KEY = "scroll-positions";
/** How long a restored position may wait for its page to grow tall enough (lazy screens, data). */
const RESTORE_PATIENCE_MS = 5000;

function readSaved(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, number>;
    return new Map(Object.entries(saved));
  } catch {
    return new Map();
  }
}

/**
 * Jumps there at once: Bootstrap makes the page's own scrolling smooth, and a smooth jump that a
 * new page's arrival interrupts stops halfway (a page opened a few pixels down, its navbar cut).
 */
const scrollTo = (top: number) => window.scrollTo({ top, left: 0, behavior: "instant" });

/** The element a location's `#hash` names, if the page has it. */
function hashTarget({ hash }: Location) {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * Scrolls the window per navigation as a browser does between documents, which React Router's
 * <ScrollRestoration/> does only for its data router (router.tsx uses the declarative one):
 * a new screen starts at its top (or at its `#hash`), Back and Forward return to where that
 * entry was scrolled. A lazy screen or its data may arrive after the navigation: a restored
 * position waits for the page to be tall enough, unless the person scrolls first. A change of
 * the address's query alone (a search, a filter, a page of results) keeps the position: it is
 * the same screen.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number>>(null);
  positions.current ??= readSaved();
  const current = useRef(location);

  // The browser's own restoration would fight ours; each scroll is saved for the entry shown.
  useLayoutEffect(() => {
    const saved = positions.current!;
    const previous = history.scrollRestoration;
    history.scrollRestoration = "manual";
    const save = () => saved.set(current.current.key, window.scrollY);
    const persist = () => {
      save();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(saved)));
      } catch {
        // Storage full or refused: positions stay for this page's life only.
      }
    };
    window.addEventListener("scroll", save, { passive: true });
    window.addEventListener("pagehide", persist);
    return () => {
      window.removeEventListener("scroll", save);
      window.removeEventListener("pagehide", persist);
      history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    const previous = current.current;
    current.current = location;
    // A jump within the page ("Skip to content", #main): the browser's own, left alone.
    const samePage = previous.pathname === location.pathname && previous.search === location.search;
    if (samePage && previous.hash !== location.hash) return;
    // Back, Forward, or a reload of the tab (the first location here, also a "POP").
    const saved = navigationType === "POP" ? positions.current!.get(location.key) : undefined;
    if (saved === undefined) {
      // The same screen with another query, or the first screen opened afresh: left as it is.
      if (previous.pathname === location.pathname) return;
      const target = hashTarget(location);
      if (target) target.scrollIntoView({ block: "start", behavior: "instant" });
      else scrollTo(0);
      return;
    }
    return restore(saved);
  }, [location, navigationType]);

  return null;
}

/** Scrolls to `top`, again as the page grows, until reached, the person scrolls, or time is up. */
function restore(top: number): () => void {
  const attempt = () => {
    scrollTo(top);
    if (Math.abs(window.scrollY - top) < 1) stop();
  };
  const grown = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(attempt);
  const deadline = window.setTimeout(() => stop(), RESTORE_PATIENCE_MS);
  const personScrolls = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
  function stop() {
    grown?.disconnect();
    window.clearTimeout(deadline);
    for (const event of personScrolls) window.removeEventListener(event, stop);
  }
  for (const event of personScrolls) window.addEventListener(event, stop, { passive: true });
  grown?.observe(document.body);
  attempt();
  return stop;
}
