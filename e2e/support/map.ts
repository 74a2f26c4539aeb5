import type { BrowserContext, Page } from "@playwright/test";

/*
 * The Leaflet map on Home loads OpenStreetMap tiles from a third-party host. Every test has them
 * stubbed (the `stubbedMapTiles` fixture); a test may make them fail instead.
 */

const TILE_URL_PATTERN = "**/*.tile.openstreetmap.org/**";
const TILE_HOST = /(^|\.)tile\.openstreetmap\.org$/;

/** A 1×1 transparent PNG: stands in for map tiles so tests never reach the real tile servers. */
const BLANK_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Answers every map-tile request in the context with a blank image (hermetic and fast). Returns
 * the tile URLs asked for, as they come.
 */
export async function stubMapTiles(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await context.route(TILE_URL_PATTERN, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: BLANK_PNG });
  });
  return requested;
}

/**
 * Makes every map-tile request of the page fail, as when the tile servers are unreachable (a
 * page's routes take precedence over the context's stub).
 */
export async function failMapTiles(page: Page): Promise<void> {
  await page.route(TILE_URL_PATTERN, (route) => route.abort("failed"));
}

const isTileUrl = (url: string) => {
  try {
    return TILE_HOST.test(new URL(url).hostname);
  } catch {
    return false;
  }
};

/**
 * The console error a failed tile load causes: for a test that makes tiles fail on purpose to
 * declare as expected (see the `pageErrors` fixture).
 */
export const isTileLoadFailure = (text: string, url: string) =>
  isTileUrl(url) || (text.includes("net::ERR") && /tile\.openstreetmap\.org/.test(text));

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
