import { expect } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { openPeopleAsAdmin } from "../support/people.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { createBike } from "../support/stock-helpers.ts";
import {
  bikeCard,
  movementRows,
  openDetail,
  STAFF_WORKFLOW_TIMEOUT,
} from "../support/stock-screens.ts";

/*
 * Accessibility scans of the signed-in screens, as a member of staff (People also as an admin),
 * at a desktop's width and at a phone's.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

for (const size of SCREEN_SIZES) {
  test.describe(`accessibility scans at ${size.width} px`, () => {
    test.use({ viewport: size });

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

    test("Recently deleted, with a bike in it", async ({ signedInPage: page }) => {
      const { id, name } = await createBike(page);
      expect((await page.request.delete(`/api/bikes/${id}`)).status()).toBe(200);
      await page.goto("/recently-deleted");
      await expect(main(page).getByText(name).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test("People, as staff and as an admin", async ({ signedInPage: page, browser }) => {
      await page.goto("/people");
      await expect(main(page).getByText("Only admins manage people.")).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      const admin = await openPeopleAsAdmin(browser, size);
      await expectNoSeriousA11yViolations(admin.page);
      await admin.close();
    });
  });
}
