import { expect } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { createBike } from "../support/stock-helpers.ts";
import {
  bikeCard,
  movementRows,
  openDetail,
  STAFF_WORKFLOW_TIMEOUT,
} from "../support/stock-screens.ts";

/* Accessibility scans of the stock screens, as a signed-in member of staff. */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

test.describe("accessibility scans", () => {
  test("the bike detail page", async ({ signedInPage: page }) => {
    const { id, name } = await createBike(page, { quantity: "2" });
    await openDetail(page, id, name, 2);
    await expect(movementRows(page)).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
  });

  test("Manage Inventory", async ({ signedInPage: page }) => {
    await page.goto("/manage-inventory");
    await expect(
      page.getByRole("heading", { name: "You can manage your inventory" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /^Delete / }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("the Add form, with its field errors showing", async ({ signedInPage: page }) => {
    await page.goto("/add-new");
    await expect(page.getByRole("heading", { name: "Add Your own Bike" })).toBeVisible();
    await page.getByRole("button", { name: "Add Now" }).click();
    await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("My Items", async ({ signedInPage: page }) => {
    const { name } = await createBike(page);
    await page.goto("/my-item");
    await expect(bikeCard(page, name)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
