import { expect, type Page } from "@playwright/test";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { fetchBike, toast } from "../support/stock-helpers.ts";
import {
  bikeCard,
  deliverOne,
  isPost,
  openDetail,
  STAFF_WORKFLOW_TIMEOUT,
} from "../support/stock-screens.ts";
import { uniqueWord } from "../support/stock-search.ts";

/*
 * The stock badges ("Low stock", "Out of stock": words, not colour alone) on every screen that
 * shows a bike, and the Add form's optional reorder point that decides when stock is low.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

/** Fills the Add form's required fields (the reorder point is the test's), sends it, returns the id. */
async function addThroughTheForm(page: Page, name: string, quantity: string): Promise<string> {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Photo url").fill("/images/bikes/vespa-gts-300.svg");
  await page.getByLabel("Description").fill("A bike added through the form.");
  await page.getByLabel("Price (USD)").fill("3100");
  await page.getByLabel("Quantity").fill(quantity);
  await page.getByLabel("Supplier name").fill("Badge Motors");
  const added = page.waitForResponse(isPost(/^\/api\/bikes$/));
  await page.getByRole("button", { name: "Add Now" }).click();
  const response = await added;
  expect(response.status()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

test("a reorder point set on the Add form makes the bike low, on every screen", async ({
  signedInPage: page,
}) => {
  const name = `${uniqueWord()} Scooter`;
  await page.goto("/add-new");
  const reorderPoint = page.getByLabel("Reorder point");
  await expect(reorderPoint).toHaveAttribute("placeholder", "3");
  await expect(reorderPoint).toHaveAccessibleDescription(
    'Optional. At or below this quantity the bike shows "Low stock". Left empty, it is 3.',
  );
  await reorderPoint.fill("5");
  const insertedId = await addThroughTheForm(page, name, "5");
  await expect(toast(page, "Your Import Item added")).toBeVisible();
  await expect(reorderPoint).toHaveValue("");
  expect((await fetchBike(page, insertedId))?.reorderPoint).toBe(5);

  await page.goto(`/inventory?q=${encodeURIComponent(name)}`);
  await expect(bikeCard(page, name).getByText("Low stock", { exact: true })).toBeVisible();

  await page.goto("/my-item");
  await expect(bikeCard(page, name).getByText("Low stock", { exact: true })).toBeVisible();

  // On the bike's page the badge follows the quantity: low at 5 and 1, out at 0.
  await openDetail(page, insertedId, name, 5);
  const quantityFacts = main(page)
    .locator("dd")
    .filter({ has: page.getByTestId("bike-quantity") });
  await expect(quantityFacts).toHaveText("5 Low stock");
  for (let left = 4; left >= 0; left -= 1) expect(await deliverOne(page)).toBe(left);
  await expect(quantityFacts).toHaveText("0 Out of stock");
});

test("the Add form leaves an empty reorder point to the default of 3", async ({
  signedInPage: page,
}) => {
  const name = `${uniqueWord()} Tourer`;
  await page.goto("/add-new");
  const insertedId = await addThroughTheForm(page, name, "4");
  expect((await fetchBike(page, insertedId))?.reorderPoint).toBe(3);

  await page.goto(`/inventory?q=${encodeURIComponent(name)}`);
  const card = bikeCard(page, name);
  await expect(card).toBeVisible();
  await expect(card.getByText(/stock$/)).toHaveCount(0);
});
