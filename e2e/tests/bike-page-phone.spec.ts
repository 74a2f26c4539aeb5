import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { createBike, toast } from "../support/stock-helpers.ts";
import {
  DELIVERIES_PATH,
  deliveredButton,
  deliverOne,
  importButton,
  importInput,
  isPost,
  movementRows,
  openDetail,
  shownQuantity,
  STAFF_WORKFLOW_TIMEOUT,
} from "../support/stock-screens.ts";

/*
 * The bike page as the warehouse works it, at a desktop's width and at a phone's: the stock and
 * its actions in the first screen, "Deliver 4 for order SO-77" in one click, the order cleared
 * after it, and toasts that never cover the actions. Then the Add page's way to the bike it added.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, "shown").not.toBeNull();
  return box!;
}

/** Whether the element is whole within the window as it stands, without scrolling. */
async function expectInFirstScreen(page: Page, locator: Locator) {
  const box = await boxOf(locator);
  const { height, width } = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

const referenceField = (page: Page) =>
  page.getByRole("textbox", { name: "Order or invoice (optional)" });
const deliverCount = (page: Page) => page.getByRole("spinbutton", { name: "Units to deliver" });

for (const size of SCREEN_SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("the bike page puts the stock first; Deliver 4 for an order is one ledger line", async ({
      signedInPage: page,
      account: { name: staffName },
    }) => {
      const { id, name } = await createBike(page, { quantity: "10" });
      await openDetail(page, id, name, 10);

      // The first screen, unscrolled: the quantity, the order field, Delivered and Import.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      for (const shown of [
        shownQuantity(page),
        referenceField(page),
        deliveredButton(page),
        importButton(page),
      ]) {
        await expectInFirstScreen(page, shown);
      }

      // Deliver 4 for order SO-77: type 4, type the order, one click.
      await deliverCount(page).fill("4");
      await referenceField(page).fill("SO-77");
      const answered = page.waitForResponse(isPost(DELIVERIES_PATH));
      await page.getByRole("button", { name: "Deliver 4" }).click();
      const response = await answered;
      expect(response.status()).toBe(200);
      expect(response.request().postDataJSON()).toEqual({ amount: 4, reference: "SO-77" });
      await expect(toast(page, "4 units delivered. 6 left.")).toBeVisible();
      await expect(shownQuantity(page)).toHaveText("6");
      // The order went with that delivery only; Delivered is one unit again.
      await expect(referenceField(page)).toHaveValue("");
      await expect(deliverCount(page)).toHaveValue("");
      const rows = movementRows(page);
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0).getByRole("cell")).toHaveText([
        /\S/,
        staffName,
        "Delivered 4 at Main warehouse (ref. SO-77)",
        "6",
      ]);

      // Three toasts at once, the most shown, cover none of the actions.
      expect(await deliverOne(page)).toBe(5);
      expect(await deliverOne(page)).toBe(4);
      const toasts = page.locator(".Toastify__toast");
      await expect(toasts).toHaveCount(3);
      await expect(rows.nth(0).getByRole("cell").nth(2)).toHaveText(
        "Delivered 1 at Main warehouse",
      );
      const actions = [
        referenceField(page),
        deliverCount(page),
        deliveredButton(page),
        importInput(page),
        importButton(page),
        main(page).getByRole("link", { name: "Print its label" }),
      ];
      const toastBoxes = await Promise.all((await toasts.all()).map(boxOf));
      for (const action of actions) {
        const actionBox = await boxOf(action);
        for (const toastBox of toastBoxes) expect(overlaps(actionBox, toastBox)).toBe(false);
      }
      await expectNoSeriousA11yViolations(page);
    });

    test("after Add Now, the bike added opens from the form", async ({ signedInPage: page }) => {
      await page.goto("/add-new");
      await expect(page.getByRole("heading", { name: "Add Your own Bike" })).toBeVisible();
      const name = `E2E Added ${Date.now()}`;
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Photo url").fill("/images/bikes/bmw-r-1250-gs.svg");
      await page.getByLabel("Description").fill("Added from the form.");
      await page.getByLabel("Price (USD)").fill("5000");
      await page.getByLabel("Quantity").fill("3");
      await page.getByLabel("Supplier name").fill("E2E Supplies Ltd.");
      await page.getByRole("button", { name: "Add Now" }).click();

      await expect(toast(page, "Your Import Item added")).toBeVisible();
      const added = page.getByRole("status", { name: "Bike added:" });
      await expect(added).toHaveText("Bike added: Open it · Print its label · Add another");
      await expect(added).toBeFocused();
      await expect(added).toBeInViewport();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
      await expectNoSeriousA11yViolations(page);

      const labelHref = await added
        .getByRole("link", { name: "Print its label" })
        .getAttribute("href");
      await added.getByRole("link", { name: "Open it" }).click();
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
      const id = new URL(page.url()).pathname.split("/").at(-1);
      expect(labelHref).toBe(`/labels?ids=${id}`);
    });
  });
}
