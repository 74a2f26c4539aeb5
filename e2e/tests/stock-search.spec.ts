import { STOCK_PAGE_DEFAULT } from "@ultimate-bikes/contract/stock";
import { expect } from "@playwright/test";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { recordRequests } from "../support/stock-helpers.ts";
import { bikeCard, STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";
import {
  cardNames,
  createBikes,
  inventoryCards,
  nextPageButton,
  previousPageButton,
  resultCount,
  searchBox,
  sortSelect,
  stockLevelSelect,
  uniqueWord,
} from "../support/stock-search.ts";

/*
 * Inventory's search, filters, sort and pages, all kept in the URL (docs/product.md, Inventory).
 * Every test names its bikes with a word of its own and searches for it: other specs add and
 * delete bikes alongside, so no test counts the whole stock.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

test("type part of a name and see only the matching bikes, in one history entry", async ({
  signedInPage: page,
}) => {
  const word = uniqueWord();
  const [alpha, beta] = await createBikes(page, [
    { name: `${word} Alpha` },
    { name: `${word} Beta` },
    { name: `Other ${word.slice(0, 6)}` },
  ]);

  await page.goto("/inventory");
  await expect(inventoryCards(page).first()).toBeVisible();
  const box = searchBox(page);
  await box.pressSequentially(word.slice(0, 9).toLowerCase());
  await expect(cardNames(page)).toHaveText([alpha!, beta!]);
  await expect(resultCount(page)).toHaveText("2 bikes");
  await expect(page).toHaveURL(`/inventory?q=${word.slice(0, 9).toLowerCase()}`);

  await box.pressSequentially(" alp");
  await expect(cardNames(page)).toHaveText([alpha!]);
  await expect(resultCount(page)).toHaveText("1 bike");
  await expect(box).toBeFocused();

  // Typing replaced its own entry: Back goes to the list as it was before the search.
  await page.goBack();
  await expect(page).toHaveURL("/inventory");
  await expect(box).toHaveValue("");
  await expect(resultCount(page)).toHaveText(/^[\d,]+ bikes$/);

  await box.fill("nothing-here-zzzq");
  await expect(main(page).getByText("No bikes match your search.")).toBeVisible();
  await expect(resultCount(page)).toHaveText("0 bikes");
  await page.getByRole("button", { name: "Clear search and filters" }).click();
  await expect(page).toHaveURL("/inventory");
  await expect(box).toHaveValue("");
});

test("a search lists the exact name first, then names that start with it, oldest first on request", async ({
  signedInPage: page,
}) => {
  const word = uniqueWord();
  // Added best match last, and named so that neither name order nor age puts it first.
  const [elsewhere, longer, exact] = await createBikes(page, [
    { name: `Classic ${word} Tourer` },
    { name: `${word} Adventure` },
    { name: word },
  ]);

  await page.goto("/inventory");
  await searchBox(page).fill(word.toLowerCase());
  await expect(cardNames(page)).toHaveText([exact!, longer!, elsewhere!]);
  await expect(sortSelect(page)).toHaveValue("relevance");
  await expect(sortSelect(page).locator("option:checked")).toHaveText("Best match");
  await expect(page).toHaveURL(`/inventory?q=${word.toLowerCase()}`);

  await sortSelect(page).selectOption({ label: "Oldest first" });
  await expect(cardNames(page)).toHaveText([elsewhere!, longer!, exact!]);
  await expect(page).toHaveURL(`/inventory?q=${word.toLowerCase()}&sort=created`);
});

test("filter low stock and see only the low bikes, each with its badge", async ({
  signedInPage: page,
}) => {
  const word = uniqueWord();
  const [empty, low, plenty, lowByItsOwnPoint] = await createBikes(page, [
    { name: `${word} Empty`, quantity: "0" },
    { name: `${word} Low`, quantity: "2" },
    { name: `${word} Plenty`, quantity: "10" },
    { name: `${word} Reorder`, quantity: "10", reorderPoint: "12" },
  ]);

  await page.goto(`/inventory?q=${word}`);
  await expect(resultCount(page)).toHaveText("4 bikes");
  await expect(bikeCard(page, empty!).getByText("Out of stock")).toBeVisible();
  await expect(bikeCard(page, plenty!).getByText(/stock$/)).toHaveCount(0);

  await stockLevelSelect(page).selectOption({ label: "Low stock" });
  await expect(page).toHaveURL(`/inventory?q=${word}&status=low`);
  await expect(cardNames(page)).toHaveText([low!, lowByItsOwnPoint!]);
  for (const card of await inventoryCards(page).all()) {
    await expect(card.getByText("Low stock", { exact: true })).toBeVisible();
  }

  await stockLevelSelect(page).selectOption({ label: "Out of stock" });
  await expect(cardNames(page)).toHaveText([empty!]);
  await expect(bikeCard(page, empty!).getByText("Out of stock", { exact: true })).toBeVisible();
});

test("sort by quantity, both ways", async ({ signedInPage: page }) => {
  const word = uniqueWord();
  const [seven, one, twenty] = await createBikes(page, [
    { name: `${word} Seven`, quantity: "7" },
    { name: `${word} One`, quantity: "1" },
    { name: `${word} Twenty`, quantity: "20" },
  ]);

  await page.goto(`/inventory?q=${word}`);
  // Each starts with the word: the best match is then the name order.
  await expect(cardNames(page)).toHaveText([one!, seven!, twenty!]);
  await sortSelect(page).selectOption({ label: "Quantity, most first" });
  await expect(page).toHaveURL(`/inventory?q=${word}&sort=-quantity`);
  await expect(cardNames(page)).toHaveText([twenty!, seven!, one!]);
  await sortSelect(page).selectOption({ label: "Quantity, fewest first" });
  await expect(cardNames(page)).toHaveText([one!, seven!, twenty!]);
});

test("page to the end and back, with no bike twice and none missed", async ({
  signedInPage: page,
}) => {
  const word = uniqueWord();
  const count = STOCK_PAGE_DEFAULT + 6;
  const names = await createBikes(
    page,
    Array.from({ length: count }, (_, index) => ({ name: `${word} ${index + 1}` })),
  );

  await page.goto(`/inventory?q=${word}`);
  await expect(resultCount(page)).toHaveText(`${count} bikes`);
  await expect(inventoryCards(page)).toHaveCount(STOCK_PAGE_DEFAULT);
  await expect(main(page).getByText("Page 1 of 2")).toBeVisible();
  const firstPage = await cardNames(page).allTextContents();

  await nextPageButton(page).click();
  await expect(main(page).getByText("Page 2 of 2")).toBeVisible();
  await expect(inventoryCards(page)).toHaveCount(count - STOCK_PAGE_DEFAULT);
  await expect(nextPageButton(page)).toHaveCount(0);
  const secondPage = await cardNames(page).allTextContents();
  expect(page.url()).toContain("cursor=");

  const seen = [...firstPage, ...secondPage];
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen.toSorted()).toEqual(names.toSorted());

  await previousPageButton(page).click();
  await expect(main(page).getByText("Page 1 of 2")).toBeVisible();
  await expect(cardNames(page)).toHaveText(firstPage);
});

test("reload and Back bring the same view back", async ({ signedInPage: page }) => {
  const word = uniqueWord();
  const [few, many, none] = await createBikes(page, [
    { name: `${word} Few`, quantity: "2" },
    { name: `${word} Many`, quantity: "30" },
    { name: `${word} None`, quantity: "0" },
  ]);

  await page.goto("/inventory");
  await searchBox(page).fill(word);
  await expect(cardNames(page)).toHaveText([few!, many!, none!]);
  await sortSelect(page).selectOption({ label: "Quantity, most first" });
  await expect(cardNames(page)).toHaveText([many!, few!, none!]);
  await stockLevelSelect(page).selectOption({ label: "Low stock" });
  await expect(cardNames(page)).toHaveText([few!]);
  const filtered = `/inventory?q=${word}&status=low&sort=-quantity`;
  await expect(page).toHaveURL(filtered);

  await page.reload();
  await expect(page).toHaveURL(filtered);
  await expect(searchBox(page)).toHaveValue(word);
  await expect(stockLevelSelect(page)).toHaveValue("low");
  await expect(sortSelect(page)).toHaveValue("-quantity");
  await expect(cardNames(page)).toHaveText([few!]);

  await page.goBack();
  await expect(page).toHaveURL(`/inventory?q=${word}&sort=-quantity`);
  await expect(stockLevelSelect(page)).toHaveValue("");
  await expect(cardNames(page)).toHaveText([many!, few!, none!]);

  await page.goBack();
  await expect(page).toHaveURL(`/inventory?q=${word}`);
  await expect(sortSelect(page)).toHaveValue("relevance");
  await expect(cardNames(page)).toHaveText([few!, many!, none!]);

  await page.goBack();
  await expect(page).toHaveURL("/inventory");
  await expect(searchBox(page)).toHaveValue("");

  await page.goForward();
  await expect(searchBox(page)).toHaveValue(word);
  await expect(cardNames(page)).toHaveText([few!, many!, none!]);
});

test("Home asks for its six featured bikes, not for the whole stock", async ({ page }) => {
  const wholeList = recordRequests(page, "GET", /^\/api\/bikes$/);
  const featuredAnswer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/stock",
  );
  await page.goto("/");
  const response = await featuredAnswer;
  const asked = new URL(response.url()).searchParams;
  expect(Object.fromEntries(asked)).toEqual({ sort: "created", limit: "6" });
  const { items } = (await response.json()) as { items: { name: string }[] };

  const featured = page.getByRole("region", { name: "Featured Bikes" }).getByRole("article");
  await expect(featured.getByRole("heading", { level: 3 })).toHaveText(
    items.map((bike) => bike.name),
  );
  expect(wholeList).toEqual([]);
});
