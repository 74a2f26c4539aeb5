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
 * at a desktop's width and at a phone's: one member of staff's walk through them per width (a
 * test of its own per screen spent most of its time signing up and opening the app again).
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

for (const size of SCREEN_SIZES) {
  test(`the staff screens have no serious accessibility violations at ${size.width} px`, async ({
    signedInPage: page,
    browser,
  }) => {
    await page.setViewportSize(size);
    const { id, name } = await createBike(page, { quantity: "2" });

    await test.step("the bike detail page", async () => {
      await openDetail(page, id, name, 2);
      await expect(movementRows(page)).toHaveCount(1);
      await expectNoSeriousA11yViolations(page);
    });

    await test.step("Manage Inventory", async () => {
      await page.goto("/manage-inventory");
      await expect(
        page.getByRole("heading", { name: "You can manage your inventory" }),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: /^Delete / }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    await test.step("the Add form, with its field errors showing", async () => {
      await page.goto("/add-new");
      await expect(page.getByRole("heading", { name: "Add Your own Bike" })).toBeVisible();
      await page.getByRole("button", { name: "Add Now" }).click();
      await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    await test.step("My Items", async () => {
      await page.goto("/my-item");
      await expect(bikeCard(page, name)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    await test.step("Recently deleted, with a bike in it", async () => {
      const deleted = await createBike(page);
      expect((await page.request.delete(`/api/bikes/${deleted.id}`)).status()).toBe(200);
      await page.goto("/recently-deleted");
      await expect(main(page).getByText(deleted.name).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    await test.step("People, as staff and as an admin", async () => {
      await page.goto("/people");
      await expect(main(page).getByText("Only admins manage people.")).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      const admin = await openPeopleAsAdmin(browser, size);
      await expectNoSeriousA11yViolations(admin.page);
      await admin.close();
    });
  });
}
