import { CHROMIUM_LAUNCH_OPTIONS } from "@ultimate-bikes/test-support/chromium";
import { chromium, type Browser } from "playwright";
import { stillRunning } from "../support/watchdog.ts";
import { SetupError } from "./options.ts";

/** One load of Inventory, in milliseconds from the start of navigation (the page's time origin). */
export interface PageLoad {
  /** The first bike card of the results is shown, with a size, in the frame being painted. */
  firstCardMs: number;
  domContentLoadedMs: number;
  /** The web app's `GET /api/stock` request, from its start to its last byte. */
  stockRequestMs: number;
}

/** A bike's card in Inventory's results (apps/web/src/features/bikes/stock-results.tsx). */
const FIRST_CARD = '[role="region"][aria-label="Results"] article';
const LOAD_TIMEOUT_MS = 30_000;

/**
 * Runs in the page before any of its scripts: checks every animation frame for the first card,
 * shown (not in a hidden subtree, such as content React hides while a lazy part loads) and with a
 * size, and notes the time of the frame that paints it. A frame is the finest a paint can be told.
 */
function watchForFirstCard(selector: string): void {
  const marks = window as unknown as { firstCardAt?: number };
  const check = () => {
    const card = document.querySelector(selector);
    const shown =
      card?.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      card.getBoundingClientRect().height > 0;
    if (shown) marks.firstCardAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** Read in the page once the card has shown. */
function readTimings(): Omit<PageLoad, "firstCardMs"> & { firstCardMs?: number } {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
  const stock = resources.find((entry) => new URL(entry.name).pathname === "/api/stock");
  return {
    firstCardMs: (window as unknown as { firstCardAt?: number }).firstCardAt,
    domContentLoadedMs: navigation?.domContentLoadedEventEnd ?? Number.NaN,
    stockRequestMs: stock ? stock.responseEnd - stock.startTime : Number.NaN,
  };
}

/**
 * Opens `origin`/inventory in headless Chromium `loads` times, each in a fresh browser context
 * (nothing cached, as a first visit), after one untimed load that warms the server. A page
 * error, or a web build that lists the whole stock instead of asking `/api/stock`, fails the run.
 */
export async function timeFirstPage(origin: string, loads: number): Promise<PageLoad[]> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    await loadInventory(browser, origin);
    const timings: PageLoad[] = [];
    for (let load = 0; load < loads; load++) timings.push(await loadInventory(browser, origin));
    return timings;
  } finally {
    await browser.close();
  }
}

async function loadInventory(browser: Browser, origin: string): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    // Told only if no card shows: a web build replaced under a running server, say, 404s.
    const failedRequests: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) failedRequests.push(`${response.status()} ${response.url()}`);
    });
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/bikes") {
        problems.push(
          "Inventory asked for the whole list (/api/bikes): apps/web/dist predates the stock " +
            "search; it needs `npm run build`",
        );
      }
    });
    await page.addInitScript(watchForFirstCard, FIRST_CARD);
    await page.goto(`${origin}/inventory`, { waitUntil: "commit" });
    await page
      .waitForFunction(() => "firstCardAt" in window, undefined, { timeout: LOAD_TIMEOUT_MS })
      .catch(async () => {
        // What the page showed instead (an error message, a spinner) says what went wrong.
        const shown = await page
          .locator("main")
          .innerText({ timeout: 1_000 })
          .catch(() => "");
        problems.push(
          `no bike card (${FIRST_CARD}) within ${LOAD_TIMEOUT_MS} ms; the page showed ` +
            `${JSON.stringify(shown.slice(0, 300))}; failed requests: ` +
            (failedRequests.join(", ") || "none"),
        );
      });
    stillRunning();
    if (problems.length > 0) throw new SetupError(`Inventory: ${problems.join("; ")}`);
    const { firstCardMs, ...rest } = await page.evaluate(readTimings);
    return { firstCardMs: firstCardMs!, ...rest };
  } finally {
    await context.close();
  }
}
