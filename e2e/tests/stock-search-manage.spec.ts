import { expect } from "@playwright/test";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { scrollWidth } from "../support/public-helpers.ts";
import { answerNextDialog, toast } from "../support/stock-helpers.ts";
import { STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";
import { createBikes, resultCount, uniqueWord } from "../support/stock-search.ts";

/*
 * Manage Inventory as a work table on a wide screen and as cards on a phone (docs/product.md,
 * Manage Inventory). Every test searches for the bikes it added itself.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

test("a dense table: the same search and filters, sorting columns, numbers on the right", async ({
  signedInPage: page,
}) => {
  const word = uniqueWord();
  const supplier = `${word} Motors`;
  const [plenty, empty, low] = await createBikes(page, [
    { name: `${word} Plenty`, quantity: "15", supplierName: supplier, price: "12000" },
    { name: `${word} Empty`, quantity: "0", supplierName: supplier },
    { name: `${word} Low`, quantity: "2" },
  ]);

  await page.goto(`/manage-inventory?q=${word}`);
  const table = main(page).getByRole("table", { name: "Bikes" });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Photo",
    "Name",
    "Stock number",
    "Supplier",
    "Price",
    "Quantity",
    "Status",
    "Last change",
    "Actions",
  ]);
  const names = table.getByRole("rowheader");
  // A search for words lists the best match first: here each name starts with the word, so by name.
  await expect(names).toHaveText([empty!, low!, plenty!]);
  const row = (name: string) =>
    table.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row(plenty!).getByRole("cell")).toContainText([
    supplier,
    "$12,000.00",
    "15",
    "In stock",
  ]);
  await expect(row(empty!).getByRole("cell")).toContainText(["0", "Out of stock"]);
  await expect(row(low!).getByRole("cell")).toContainText(["2", "Low stock"]);
  await expect(row(plenty!).getByRole("cell").filter({ hasText: /^15$/ })).toHaveCSS(
    "text-align",
    "right",
  );

  await table.getByRole("button", { name: "Quantity" }).click();
  await expect(page).toHaveURL(`/manage-inventory?q=${word}&sort=quantity`);
  await expect(table.getByRole("columnheader", { name: "Quantity" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(names).toHaveText([empty!, low!, plenty!]);
  await table.getByRole("button", { name: "Quantity" }).click();
  await expect(names).toHaveText([plenty!, low!, empty!]);

  await page.getByRole("combobox", { name: "Supplier" }).selectOption({ label: `${supplier} (2)` });
  await expect(resultCount(page)).toHaveText("2 bikes");
  await expect(names).toHaveText([plenty!, empty!]);
  expect(new URL(page.url()).searchParams.get("supplier")).toBe(supplier);
});

test("the table's heading row stays in view while the page scrolls", async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 360 });
  await page.goto("/manage-inventory");
  const table = main(page).getByRole("table", { name: "Bikes" });
  const heading = table.getByRole("columnheader", { name: "Name" });
  await expect(heading).toBeInViewport();
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  // Scrolls the window so the table's last row is at the bottom of the screen, rather than to a
  // row: other tests add bikes meanwhile, and live stock refetches the list, so a row found a
  // moment ago may have been replaced; and rather than to the page's end, which is below the
  // table once there are more bikes than a page (a pager and the footer follow it).
  await table.evaluate((element) => {
    const bottom = element.getBoundingClientRect().bottom + window.scrollY;
    window.scrollTo(0, bottom - window.innerHeight);
  });
  await expect(table.getByRole("row").nth(1)).not.toBeInViewport();
  await expect(heading).toBeInViewport();
});

test("on a phone, cards with nothing scrolling sideways, and Delete still works", async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const word = uniqueWord();
  // A name with no place to break tests that long words wrap inside the card.
  const [long, short] = await createBikes(page, [
    { name: `${word} ${"W".repeat(90)}`, quantity: "1" },
    { name: `${word} Short` },
  ]);

  await page.goto(`/manage-inventory?q=${word}`);
  const cards = main(page).getByRole("list", { name: "Bikes" }).getByRole("article");
  await expect(cards).toHaveCount(2);
  await expect(main(page).getByRole("table")).toHaveCount(0);
  const card = cards.filter({ has: page.getByRole("heading", { name: long }) });
  await expect(card.getByText("Low stock")).toBeVisible();
  await expect(card.getByRole("term")).toHaveText([
    "Stock number",
    "Supplier",
    "Price",
    "Quantity",
    "Last change",
  ]);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375);

  const accepted = answerNextDialog(page, true);
  await page.getByRole("button", { name: `Delete ${short}` }).click();
  expect(await accepted).toBe("confirm: Are you sure to delete?");
  await expect(toast(page, "Item Deleted!")).toBeVisible();
  await expect(cards).toHaveCount(1);

  // The whole stock, seeded photos and all, fits the phone too.
  await page.goto("/manage-inventory");
  await expect(cards.first()).toBeVisible();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
});
