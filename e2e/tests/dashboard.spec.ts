import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { createBike, deliverViaApi } from "../support/stock-helpers.ts";
import { STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";

/*
 * The dashboard (issue 13): its numbers follow the stock through the live stream, without a
 * reload; its charts come with their numbers as tables.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

/** A tile's number, as shown ("1,234" → 1234). */
async function tile(page: Page, label: string): Promise<number> {
  const value = main(page).locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");
  return Number((await value.innerText()).replace(/[^\d.]/g, ""));
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

for (const size of SCREEN_SIZES) {
  test(`the dashboard is accessible at ${size.width} px and fits the screen`, async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize(size);
    await page.goto("/dashboard");
    await expect(main(page).getByRole("img", { name: /stock's value by supplier/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
