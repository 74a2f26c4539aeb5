import { expect } from "@playwright/test";
import { uniqueBikeName } from "@ultimate-bikes/test-support/new-bike";
import { test } from "../support/fixtures.ts";
import { main, navigation } from "../support/landmarks.ts";
import {
  createBike,
  documentStillMarked,
  fact,
  fetchBike,
  markDocument,
  myItemsViaApi,
  recordRequests,
  toast,
} from "../support/stock-helpers.ts";
import {
  bikeCard,
  deliverOne,
  isPost,
  shownQuantity,
  STAFF_WORKFLOW_TIMEOUT,
} from "../support/stock-screens.ts";
import { searchBox } from "../support/stock-search.ts";

/*
 * Adding a bike, and the lists that show the stock (Inventory, Home, My Items), as a signed-in
 * member of staff. Every test works on bikes it adds itself: other specs run alongside and read
 * the seeded stock, which must stay as seeded.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

test("add a bike through the form, then find it on Inventory and My Items", async ({
  signedInPage: page,
  account: { email },
}) => {
  const name = uniqueBikeName("Added Bike");
  const creations = recordRequests(page, "POST", /^\/api\/(bikes|items)$/);

  await page.goto("/add-new");
  await expect(page).toHaveTitle("Add New Item- Ultimate Bikes");
  await expect(page.getByRole("heading", { name: "Add Your own Bike" })).toBeVisible();
  const emailField = page.getByLabel("Email", { exact: true });
  await expect(emailField).toHaveValue(email);
  await expect(emailField).not.toBeEditable();

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Photo url").fill("/images/bikes/vespa-gts-300.svg");
  await page.getByLabel("Description").fill("A city scooter added through the form.");
  const price = page.getByLabel("Price (USD)");
  await price.fill("cheap");
  await page.getByLabel("Quantity").fill("4");
  await page.getByLabel("Supplier name").fill("Form Motors");
  await page.getByRole("button", { name: "Add Now" }).click();
  await expect(page.getByText("Price (USD) must be a price like 1999.99")).toBeVisible();
  await expect(price).toHaveAccessibleDescription("Price (USD) must be a price like 1999.99");

  await price.fill("2499.50");
  const added = page.waitForResponse(isPost(/^\/api\/bikes$/));
  await page.getByRole("button", { name: "Add Now" }).click();
  expect((await added).status()).toBe(201);
  await expect(toast(page, "Your Import Item added")).toBeVisible();
  // Only the valid submit reached the server.
  expect(creations).toHaveLength(1);
  for (const label of ["Photo url", "Description", "Price (USD)", "Quantity", "Supplier name"]) {
    await expect(page.getByLabel(label)).toHaveValue("");
  }
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(emailField).toHaveValue(email);
  await expect(page.getByText("must be a price like 1999.99")).toBeHidden();

  // Inventory shows a page at a time: search finds the new bike wherever it is in the list.
  await navigation(page).getByRole("link", { name: "Inventory", exact: true }).click();
  await searchBox(page).fill(name);
  const card = bikeCard(page, name);
  await expect(card).toBeVisible();
  await expect(fact(card, "Price")).toHaveText("$2,499.50");
  await expect(fact(card, "Quantity")).toHaveText("4");
  await expect(fact(card, "Supplier")).toHaveText("Form Motors");
  await expect(card).toContainText("A city scooter added through the form.");

  await navigation(page).getByRole("link", { name: "My item" }).click();
  await expect(page).toHaveTitle("My Items- Ultimate Bikes");
  const item = bikeCard(page, name);
  await expect(item).toBeVisible();
  await expect(item).toContainText("Description: A city scooter added through the form.");
  await expect(item).toContainText("Price:$2,499.50");
  await expect(item).toContainText("Quantity: 4");
  await expect(item).toContainText("Supplier name: Form Motors");
  await expect(main(page).getByRole("article")).toHaveCount(1);

  const items = await myItemsViaApi(page, email);
  expect(items.map((bike) => [bike.name, bike.price, bike.quantity, bike.email])).toEqual([
    [name, 2499.5, 4, email],
  ]);
});

test("Home and Inventory show the quantity after a delivery without a reload", async ({
  signedInPage: page,
}) => {
  const { id, name } = await createBike(page, { quantity: "3" });

  await page.goto(`/inventory?q=${encodeURIComponent(name)}`);
  await markDocument(page);
  const card = bikeCard(page, name);
  await expect(fact(card, "Quantity")).toHaveText("3");
  await card.getByRole("button", { name: "Update Now" }).click();
  await expect(page).toHaveURL(`/inventory/${id}`);
  await expect(shownQuantity(page)).toHaveText("3");
  expect(await deliverOne(page)).toBe(2);
  await expect(shownQuantity(page)).toHaveText("2");

  // Home reads its six afresh after the change; its featured cards are the server's first six.
  const listed = page.waitForResponse(
    (response) =>
      response.request().method() === "GET" && new URL(response.url()).pathname === "/api/stock",
  );
  await navigation(page).getByRole("link", { name: "Home", exact: true }).click();
  const { items: fresh } = (await (await listed).json()) as {
    items: { name: string; quantity: number }[];
  };
  const featured = page
    .getByRole("region", { name: "Featured Bikes" })
    .getByRole("list", { name: "Bikes" })
    .getByRole("article");
  await expect(featured).toHaveCount(6);
  for (const [index, bike] of fresh.slice(0, 6).entries()) {
    await expect(featured.nth(index).getByRole("heading")).toHaveText(bike.name);
    await expect(fact(featured.nth(index), "Quantity")).toHaveText(String(bike.quantity));
  }
  expect((await fetchBike(page, id))?.quantity).toBe(2);

  await navigation(page).getByRole("link", { name: "Inventory", exact: true }).click();
  await searchBox(page).fill(name);
  await expect(fact(bikeCard(page, name), "Quantity")).toHaveText("2");
  expect(await documentStillMarked(page)).toBe(true);
});

test("Inventory on a phone lists several bikes a screen, each with Update Now; desktop keeps the cards", async ({
  signedInPage: page,
}) => {
  const supplierName = uniqueBikeName("Phone List Supply");
  const names: string[] = [];
  for (const quantity of ["0", "2", "12", "7"]) {
    names.push((await createBike(page, { supplierName, quantity })).name);
  }
  const list = `/inventory?supplier=${encodeURIComponent(supplierName)}`;
  const boxes = async () =>
    Promise.all(
      (await main(page).getByRole("article").all()).map(
        async (card) => (await card.boundingBox())!,
      ),
    );

  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(list);
  await expect(main(page).getByRole("article")).toHaveCount(4);
  const rows = await boxes();
  // Each bike a short row under the one before: three take less than one screen's height.
  for (const row of rows) expect(row.height).toBeLessThan(200);
  expect(rows[2]!.y + rows[2]!.height - rows[0]!.y).toBeLessThan(667);
  for (let index = 1; index < rows.length; index += 1) {
    expect(rows[index]!.y).toBeGreaterThanOrEqual(rows[index - 1]!.y + rows[index - 1]!.height);
  }
  // A thumbnail beside the name, the quantity and badge, and the spec's button, in the row.
  const empty = bikeCard(page, names[0]!);
  const photo = (await empty.getByRole("img").boundingBox())!;
  const heading = (await empty.getByRole("heading", { name: names[0] }).boundingBox())!;
  expect(photo.width).toBeLessThan(120);
  expect(heading.x).toBeGreaterThan(photo.x + photo.width);
  await expect(fact(empty, "Quantity")).toHaveText("0");
  await expect(empty.getByText("Out of stock", { exact: true })).toBeVisible();
  await expect(empty.getByRole("button", { name: "Update Now" })).toBeInViewport();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect
    .poll(async () => new Set((await boxes()).map((box) => Math.round(box.y))).size)
    .toBe(2);
  const card = (await empty.boundingBox())!;
  const widePhoto = (await empty.getByRole("img").boundingBox())!;
  expect(Math.abs(widePhoto.width - card.width)).toBeLessThan(4);
});

test.describe("My Items grid", () => {
  test("three cards share a row at 1280 wide and stack at 375 wide", async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (let index = 0; index < 3; index += 1) await createBike(page);
    await page.goto("/my-item");
    const cards = main(page).getByRole("article");
    await expect(cards).toHaveCount(3);

    const boxes = async () =>
      Promise.all((await cards.all()).map(async (card) => (await card.boundingBox())!));
    await expect
      .poll(async () => new Set((await boxes()).map((box) => Math.round(box.y))).size)
      .toBe(1);
    const wide = await boxes();
    expect(new Set(wide.map((box) => Math.round(box.x))).size).toBe(3);

    await page.setViewportSize({ width: 375, height: 800 });
    await expect
      .poll(async () => new Set((await boxes()).map((box) => Math.round(box.x))).size)
      .toBe(1);
    const narrow = await boxes();
    for (let index = 1; index < narrow.length; index += 1) {
      expect(narrow[index]!.y).toBeGreaterThanOrEqual(
        narrow[index - 1]!.y + narrow[index - 1]!.height,
      );
    }
  });
});
