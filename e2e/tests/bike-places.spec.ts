import { expect, type Page } from "@playwright/test";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { closeLeftovers, gotoLive, LIVE_WITHIN, openColleague } from "../support/live-stock.ts";
import { createBike, toast } from "../support/stock-helpers.ts";
import {
  deliverOne,
  importButton,
  importInput,
  isPost,
  IMPORTS_PATH,
  shownQuantity,
  STAFF_WORKFLOW_TIMEOUT,
} from "../support/stock-screens.ts";
import { inventoryCards, resultCount, searchBox, uniqueWord } from "../support/stock-search.ts";

/*
 * Places on the bike page and in Inventory (issue 23): a bike's units at each place, Delivered
 * and Import at the place a person picks, and the Inventory filtered by a place.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });
test.afterEach(closeLeftovers);

const KHULNA = "Khulna showroom";

/** The figure beside a place in the bike page's "Stock by place" table. */
const unitsAt = (page: Page, place: string) =>
  main(page)
    .getByRole("table", { name: "Stock by place" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: place }) })
    .getByRole("cell");

test("staff import and deliver at a showroom, a colleague sees its figure change, and Inventory filters by it", async ({
  signedInPage: page,
  browser,
}) => {
  const word = uniqueWord();
  const { id, name } = await createBike(page, { name: `${word} Roadster`, quantity: "3" });
  await gotoLive(page, `/inventory/${id}`);
  await expect(unitsAt(page, "Main warehouse")).toHaveText("3");

  // Import 2 at Khulna: the per-place list gains its row.
  await page.getByRole("combobox", { name: "Import to" }).selectOption({ label: KHULNA });
  await importInput(page).fill("2");
  const imported = page.waitForResponse(isPost(IMPORTS_PATH));
  await importButton(page).click();
  expect((await imported).status()).toBe(200);
  await expect(toast(page, "2 units imported. 5 in stock.")).toBeVisible();
  await expect(unitsAt(page, KHULNA)).toHaveText("2");
  await expect(unitsAt(page, "Main warehouse")).toHaveText("3");

  // A colleague on the same page.
  const colleague = await openColleague(browser);
  const theirs = await colleague.newPage();
  await gotoLive(theirs, `/inventory/${id}`);
  await expect(unitsAt(theirs, KHULNA)).toHaveText("2");

  // Delivered at Khulna: one unit leaves there, and the colleague's figure follows.
  await page.getByRole("combobox", { name: "Deliver from" }).selectOption({ label: KHULNA });
  expect(await deliverOne(page)).toBe(4);
  await expect(unitsAt(page, KHULNA)).toHaveText("1");
  await expect(unitsAt(theirs, KHULNA)).toHaveText("1", LIVE_WITHIN);
  await expect(shownQuantity(theirs)).toHaveText("4");
  await expect(unitsAt(theirs, "Main warehouse")).toHaveText("3");
  await colleague.close();

  // Inventory, filtered by Khulna, finds the bike and says its units there.
  await page.goto("/inventory");
  await searchBox(page).fill(word);
  await expect(resultCount(page)).toHaveText("1 bike");
  await page.getByRole("combobox", { name: "Place" }).selectOption({ label: KHULNA });
  await expect(page).toHaveURL(/[?&]place=/);
  const card = inventoryCards(page).filter({ hasText: name });
  await expect(card.getByText(`1 at ${KHULNA}`)).toBeVisible();
  await page.getByRole("combobox", { name: "Place" }).selectOption({ label: "Sylhet showroom" });
  await expect(resultCount(page)).toHaveText("0 bikes");
});
