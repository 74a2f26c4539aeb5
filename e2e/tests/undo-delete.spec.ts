import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { answerNextDialog, createBike, fetchBike, toast } from "../support/stock-helpers.ts";
import { bikeCard, STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";
import { uniqueWord } from "../support/stock-search.ts";

/*
 * Deletes are soft (docs/decisions/015): the toast after a delete or a cancel offers Undo, and
 * staff restore from Recently deleted. Every test works on bikes it adds itself, named with a
 * word of its own so a search shows them alone.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

/** Manage Inventory's table, searched for `word`, and the row of the bike named `name`. */
async function openManageInventory(page: Page, word: string, name: string) {
  await page.goto(`/manage-inventory?q=${word}`);
  await expect(page.getByRole("heading", { name: "You can manage your inventory" })).toBeVisible();
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
}

/** Deletes the bike of `row` from Manage Inventory, confirming, and waits for the toast. */
async function deleteFrom(page: Page, row: ReturnType<Page["getByRole"]>, name: string) {
  const accepted = answerNextDialog(page, true);
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  expect(await accepted).toBe("confirm: Are you sure to delete?");
  await expect(toast(page, "Item Deleted!")).toBeVisible();
  await expect(row).toHaveCount(0);
}

test("Manage Inventory: Undo in the toast brings a deleted bike back with its quantity", async ({
  signedInPage: page,
}) => {
  const word = uniqueWord();
  const { id, name } = await createBike(page, { name: `${word} Undo`, quantity: "4" });
  const row = await openManageInventory(page, word, name);
  await expect(row.getByRole("cell")).toContainText(["$4,999.99", "4"]);

  await deleteFrom(page, row, name);
  expect(await fetchBike(page, id)).toBeNull();

  const deleted = toast(page, "Item Deleted!");
  const undo = deleted.getByRole("button", { name: `Undo delete of ${name}` });
  await expect(undo).toHaveText("Undo");
  await expectNoSeriousA11yViolations(page);
  // From the keyboard, as anyone may reach it.
  await undo.focus();
  await page.keyboard.press("Enter");

  await expect(toast(page, `Restored ${name}.`)).toBeVisible();
  await expect(deleted).toHaveCount(0);
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell")).toContainText(["$4,999.99", "4"]);
  expect(await fetchBike(page, id)).toMatchObject({ _id: id, name, quantity: 4 });
});

test("My Items: Undo after a cancel brings the item back", async ({ signedInPage: page }) => {
  const { id, name } = await createBike(page, { quantity: "3" });
  await page.goto("/my-item");
  const item = bikeCard(page, name);
  await expect(item).toContainText("Quantity: 3");

  const accepted = answerNextDialog(page, true);
  await item.getByRole("button", { name: `Cancel ${name}` }).click();
  expect(await accepted).toBe("confirm: Are you sure to cancle?");
  await expect(item).toHaveCount(0);
  expect(await fetchBike(page, id)).toBeNull();

  await toast(page, `${name} removed`)
    .getByRole("button", { name: `Undo delete of ${name}` })
    .click();
  await expect(toast(page, `Restored ${name}.`)).toBeVisible();
  await expect(item).toContainText("Quantity: 3");
  expect(await fetchBike(page, id)).toMatchObject({ quantity: 3 });
});

test("Recently deleted: staff restore a deleted bike from the list", async ({
  signedInPage: page,
}) => {
  const word = uniqueWord();
  const { id, name } = await createBike(page, { name: `${word} Bin`, quantity: "6" });
  const row = await openManageInventory(page, word, name);
  await deleteFrom(page, row, name);

  await main(page).getByRole("link", { name: "Recently deleted" }).click();
  await expect(page).toHaveURL("/recently-deleted");
  await expect(page).toHaveTitle("Recently deleted- Ultimate Bikes");
  await expect(page.getByRole("heading", { level: 1, name: "Recently deleted" })).toBeVisible();
  const deleted = page
    .getByRole("table", { name: "Deleted bikes" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) });
  await expect(deleted.getByRole("cell")).toContainText([
    "Test Supplier Ltd.",
    "6",
    "by E2E Staff",
  ]);
  await expectNoSeriousA11yViolations(page);

  await deleted.getByRole("button", { name: `Restore ${name}` }).click();
  await expect(toast(page, `Restored ${name}.`)).toBeVisible();
  await expect(deleted).toHaveCount(0);
  expect(await fetchBike(page, id)).toMatchObject({ quantity: 6 });

  // Back in the stock: a search finds it again.
  const back = await openManageInventory(page, word, name);
  await expect(back.getByRole("cell")).toContainText(["$4,999.99", "6"]);
});

test("Recently deleted fits a phone: cards, no sideways scrolling", async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const word = uniqueWord();
  const { id, name } = await createBike(page, { name: `${word} Phone`, quantity: "2" });
  const response = await page.request.delete(`/api/bikes/${id}`);
  expect(response.status()).toBe(200);

  await page.goto("/recently-deleted");
  const card = main(page).getByRole("list", { name: "Deleted bikes" }).getByRole("article", {
    name,
  });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await card.getByRole("button", { name: `Restore ${name}` }).click();
  await expect(toast(page, `Restored ${name}.`)).toBeVisible();
  await expect(card).toHaveCount(0);
});
