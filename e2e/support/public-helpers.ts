import { bikeListSchema, type Bike } from "@ultimate-bikes/contract/bikes";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";

/** OpenStreetMap tiles, requested by the Leaflet map on Home from a third-party host. */
export const TILE_URL_PATTERN = "**/*.tile.openstreetmap.org/**";
const TILE_HOST = /(^|\.)tile\.openstreetmap\.org$/;

/** A 1×1 transparent PNG: stands in for map tiles so tests never reach the real tile servers. */
const BLANK_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** Answers every map-tile request with a blank image (hermetic and fast). Returns the tile URLs asked for. */
export async function stubMapTiles(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(TILE_URL_PATTERN, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: BLANK_PNG });
  });
  return requested;
}

/** Makes every map-tile request fail, as when the tile servers are unreachable. */
export async function failMapTiles(page: Page): Promise<void> {
  await page.route(TILE_URL_PATTERN, (route) => route.abort("failed"));
}

const isTileUrl = (url: string | undefined) => {
  if (!url) return false;
  try {
    return TILE_HOST.test(new URL(url).hostname);
  } catch {
    return false;
  }
};

/**
 * Collects uncaught page errors and console errors from now on. Failed third-party map-tile
 * loads are not the app's fault and are left out; `allow` lets a test accept more (e.g. an
 * expected 404 resource error).
 */
export function collectPageErrors(
  page: Page,
  allow: (text: string, url: string) => boolean = () => false,
) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const url = message.location().url;
    const text = message.text();
    if (isTileUrl(url) || (text.includes("net::ERR") && /tile\.openstreetmap\.org/.test(text))) {
      return;
    }
    if (allow(text, url)) return;
    errors.push(`console.error: ${text}${url ? ` (${url})` : ""}`);
  });
  return errors;
}

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

export interface MapView {
  zoom: number;
  lat: number;
  lng: number;
  /** Distance in px between the marker's anchor point and the map container's centre. */
  markerOffset: { x: number; y: number } | null;
}

/**
 * Reads where the Leaflet map is centred from what is on screen: finds the loaded tile under
 * the container's centre, and turns its z/x/y address plus the offset inside it into a
 * latitude and longitude (Web Mercator). Returns null until such a tile is in place.
 */
export function readMapView(page: Page): Promise<MapView | null> {
  return page.evaluate(() => {
    const container = document.querySelector<HTMLElement>(".leaflet-container");
    if (!container) return null;
    const box = container.getBoundingClientRect();
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const tiles = Array.from(container.querySelectorAll<HTMLImageElement>("img.leaflet-tile"));
    for (const tile of tiles) {
      const rect = tile.getBoundingClientRect();
      if (cx < rect.left || cx >= rect.right || cy < rect.top || cy >= rect.bottom) continue;
      const match = /\/(\d+)\/(\d+)\/(\d+)\.png/.exec(tile.src);
      if (!match) continue;
      const [z, x, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const size = 256 * 2 ** z;
      const px = x * 256 + ((cx - rect.left) * 256) / rect.width;
      const py = y * 256 + ((cy - rect.top) * 256) / rect.height;
      const lng = (px / size) * 360 - 180;
      const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / size))) * 180) / Math.PI;
      const marker = container.querySelector<HTMLImageElement>("img.leaflet-marker-icon");
      let markerOffset: { x: number; y: number } | null = null;
      if (marker) {
        const markerBox = marker.getBoundingClientRect();
        // The icon is anchored at (12, 41): that point sits on the marker's position.
        markerOffset = { x: markerBox.left + 12 - cx, y: markerBox.top + 41 - cy };
      }
      return { zoom: z, lat, lng, markerOffset };
    }
    return null;
  });
}

/**
 * Signs a fresh visitor up through the API, in the page's own browser context so the session
 * cookie applies to the page. Sign-ups are rate limited (10 a minute for all specs together),
 * so use this sparingly.
 */
export async function signUpFreshUser(page: Page): Promise<{ email: string }> {
  const email = `public-${randomUUID()}@example.com`;
  // better-auth checks the Origin of cookie-setting POSTs against the app's own.
  const origin = new URL(test.info().project.use.baseURL ?? "http://localhost").origin;
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Public Visitor", email, password: `pw-${randomUUID()}` },
    headers: { origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { email };
}
