import { bikeListSchema, type Bike } from "@ultimate-bikes/contract/bikes";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** The stock as the API lists it, checked against the shared contract. */
export async function fetchBikes(request: APIRequestContext): Promise<Bike[]> {
  const response = await request.get("/api/bikes");
  expect(response.status()).toBe(200);
  return bikeListSchema.parse(await response.json());
}

/** US dollars as the app shows them, e.g. 18999 → "$18,999.00". */
export const usd = (price: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(price);

/**
 * Formats a seed price written as text ("18999.00") by hand, independently of Intl, so the
 * tests do not merely repeat the app's own formatting code.
 */
export function seedPriceText(price: string): string {
  const [whole = "0", cents = "00"] = price.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `$${grouped}.${cents.padEnd(2, "0")}`;
}

/** Waits until an <img> has finished loading a real image (naturalWidth > 0). */
export async function expectImageLoaded(image: Locator): Promise<void> {
  // Lazy images only load once they are near the viewport.
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
}

/**
 * Lets React finish work it has queued (renders and effects run from MessageChannel tasks,
 * which Playwright's fake clock does not control). Use after an interaction and before
 * moving a paused clock, so that timers the app sets or clears are in place.
 */
export async function settleReact(page: Page): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}

/** The document's width against the viewport's, to spot horizontal scrolling. */
export const scrollWidth = (page: Page) =>
  page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth);
