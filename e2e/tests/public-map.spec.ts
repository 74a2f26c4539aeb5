import { FEATURED_BIKE_COUNT } from "@ultimate-bikes/contract/bikes";
import { expect } from "@playwright/test";
import { test } from "../support/fixtures.ts";
import { failMapTiles, isTileLoadFailure, readMapView } from "../support/map.ts";

const WAREHOUSE = { lat: 23.7937, lng: 90.4066, zoom: 13 };

test.describe("Home warehouse map", () => {
  test("shows one marker for the warehouse, centred on it at zoom 13", async ({
    page,
    stubbedMapTiles: tiles,
  }) => {
    await page.goto("/");
    const map = page.getByRole("region", { name: "Visit our warehouse" });
    await map.scrollIntoViewIfNeeded();

    const markers = map.locator(".leaflet-marker-icon");
    await expect(markers).toHaveCount(1);
    await expect(map.getByRole("button", { name: "Ultimate Bikes warehouse" })).toBeVisible();

    await expect.poll(() => readMapView(page)).not.toBeNull();
    const view = await readMapView(page);
    expect(view?.zoom).toBe(WAREHOUSE.zoom);
    // One pixel at zoom 13 here is about 0.00017°: allow a few for Leaflet's rounding.
    expect(view?.lat).toBeCloseTo(WAREHOUSE.lat, 3);
    expect(view?.lng).toBeCloseTo(WAREHOUSE.lng, 3);
    // The marker sits on the map's centre.
    expect(Math.abs(view?.markerOffset?.x ?? Infinity)).toBeLessThanOrEqual(1);
    expect(Math.abs(view?.markerOffset?.y ?? Infinity)).toBeLessThanOrEqual(1);
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((url) => /\/13\/\d+\/\d+\.png$/.test(url))).toBe(true);
  });

  test("still works when map tiles cannot be loaded", async ({ page, pageErrors }) => {
    // The failed tiles are not the app's fault; any other error still fails the test.
    pageErrors.expect(isTileLoadFailure);
    await failMapTiles(page);
    await page.goto("/");
    const map = page.getByRole("region", { name: "Visit our warehouse" });
    await map.scrollIntoViewIfNeeded();
    await expect(map.locator(".leaflet-marker-icon")).toBeVisible();
    await expect(map.getByRole("button", { name: "Ultimate Bikes warehouse" })).toBeVisible();

    // The rest of the page is unaffected.
    await expect(
      page.getByRole("region", { name: "Featured Bikes" }).getByRole("article"),
    ).toHaveCount(FEATURED_BIKE_COUNT);
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.locator(".leaflet-tile").first()).toBeAttached();
  });
});
