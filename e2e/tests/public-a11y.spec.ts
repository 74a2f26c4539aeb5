import { FEATURED_BIKE_COUNT } from "@ultimate-bikes/contract/bikes";
import { expect } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";

test.describe("Accessibility of the public screens", () => {
  test("Home has no serious violations", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("region", { name: "Featured Bikes" }).getByRole("article"),
    ).toHaveCount(FEATURED_BIKE_COUNT);
    await expect(page.locator(".leaflet-marker-icon")).toBeAttached();
    await expectNoSeriousA11yViolations(page);
  });

  test("Inventory has no serious violations", async ({ page }) => {
    await page.goto("/inventory");
    await expect(page.getByRole("article").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("Blog has no serious violations", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("article")).toHaveCount(4);
    await expectNoSeriousA11yViolations(page);
  });

  test("Not-found has no serious violations", async ({ page }) => {
    await page.goto("/some/unknown/path");
    await expect(page.getByText("Oops! Your searched result is not exist!")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
