import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { createBike, deliverViaApi } from "../support/stock-helpers.ts";
import { STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";

/*
 * The dashboard (issues 13 and 21): its numbers follow the stock through the live stream, without
 * a reload, and fit their tiles on one line; its tiles open the Inventory they count; its charts
 * come with their numbers as tables.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

/** A tile's number element: short ("$113.6M") with the exact figure in its title, or exact. */
const figureOf = (page: Page, label: string) =>
  main(page)
    .locator("dt", { hasText: label })
    .locator("xpath=following-sibling::dd")
    .locator(".dashboard-figure");

/** A tile's number, exactly ("1,234" → 1234). */
async function tile(page: Page, label: string): Promise<number> {
  const figure = figureOf(page, label);
  const exact = (await figure.getAttribute("title")) ?? (await figure.innerText());
  return Number(exact.replace(/[^\d.]/g, ""));
}

test("the numbers change after a delivery, without a reload", async ({ signedInPage: page }) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page).toHaveTitle("Dashboard- Ultimate Bikes");
  await expect(main(page).getByRole("img", { name: /units in and out per day/ })).toBeVisible();
  const units = await tile(page, "Units in stock");
  const moves = await tile(page, "Movements today");

  const { id } = await createBike(page, { quantity: "3", price: "1000" });
  await expect.poll(() => tile(page, "Units in stock")).toBeGreaterThanOrEqual(units + 3);
  const afterAdd = await tile(page, "Units in stock");
  const movesAfterAdd = await tile(page, "Movements today");
  expect(movesAfterAdd).toBeGreaterThan(moves);

  await deliverViaApi(page, id);
  await expect.poll(() => tile(page, "Movements today")).toBeGreaterThan(movesAfterAdd);
  // Other tests change the stock at the same time: this bike's unit is one of the changes.
  const response = await page.request.get("/api/dashboard");
  const { unitsInStock } = (await response.json()) as { unitsInStock: number };
  await expect.poll(() => tile(page, "Units in stock")).toBe(unitsInStock);
  expect(afterAdd).toBeGreaterThan(0);

  await main(page).getByText("The numbers").first().click();
  await expect(main(page).getByRole("columnheader", { name: "In" })).toBeVisible();
});

test("a tile opens the Inventory it counts, filtered so", async ({ signedInPage: page }) => {
  await createBike(page, { quantity: "1", reorderPoint: "3" });
  await page.goto("/dashboard");
  await main(page).getByRole("link", { name: "Low stock" }).click();
  await expect(page).toHaveURL(/\/inventory\?status=low$/);
  await expect(main(page).getByLabel("Stock level")).toHaveValue("low");
  const badges = main(page).locator(".badge");
  await expect(badges.filter({ hasText: "Low stock" }).first()).toBeVisible();
  await expect(badges.filter({ hasText: "Out of stock" })).toHaveCount(0);
});

for (const size of SCREEN_SIZES) {
  test(`the dashboard is accessible at ${size.width} px and fits the screen`, async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize(size);
    await page.goto("/dashboard");
    await expect(main(page).getByRole("img", { name: /stock's value by supplier/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The stock value is one line: its height is one line's ("$113,646, / 239,529.6 / 8" was three).
    const lines = await figureOf(page, "Stock value").evaluate((element) => {
      const { height } = element.getBoundingClientRect();
      return height / parseFloat(getComputedStyle(element).lineHeight);
    });
    expect(Math.round(lines)).toBe(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
