import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { signUpViaApi } from "../support/accounts.ts";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { stubMapTiles } from "../support/public-helpers.ts";
import {
  answerNextDialog,
  createBike,
  deliverViaApi,
  documentStillMarked,
  fact,
  fetchBike,
  importViaApi,
  markDocument,
  myItemsViaApi,
  recordRequests,
  toast,
  uniqueBikeName,
} from "../support/stock-helpers.ts";

/*
 * Stock screens as a signed-in member of staff. Every test works on bikes it adds itself:
 * other specs run alongside and read the seeded stock, which must stay as seeded.
 */

// Each test is a whole staff workflow (sign-up, several round trips, a scan); on a busy shared
// machine some take over 20 s, so they get twice the default budget.
test.describe.configure({ timeout: 60_000 });

const navigation = (page: Page) => page.getByRole("navigation", { name: "Main" });
const main = (page: Page) => page.getByRole("main");
const shownQuantity = (page: Page) => page.getByTestId("bike-quantity");
const deliveredButton = (page: Page) => page.getByRole("button", { name: "Delivered" });
const importInput = (page: Page) => page.getByRole("spinbutton", { name: "Units to import" });
const importButton = (page: Page) => page.getByRole("button", { name: "Import", exact: true });
const movementRows = (page: Page) =>
  page.getByRole("region", { name: "Recent stock movements" }).locator("tbody tr");
const bikeCard = (page: Page, name: string) => main(page).getByRole("article", { name });

const isPost = (path: RegExp) => (response: { url(): string; request(): { method(): string } }) =>
  response.request().method() === "POST" && path.test(new URL(response.url()).pathname);

async function openDetail(page: Page, id: string, name: string, quantity: number) {
  await page.goto(`/inventory/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Update Now" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name}- Ultimate Bikes`);
  await expect(shownQuantity(page)).toHaveText(String(quantity));
}

/** Clicks Delivered and returns the quantity the server answered with. */
async function deliverOne(page: Page): Promise<number> {
  const answered = page.waitForResponse(isPost(/\/api\/bikes\/[^/]+\/deliveries$/));
  await deliveredButton(page).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  return ((await response.json()) as { quantity: number }).quantity;
}

test.describe("bike detail: Delivered", () => {
  test("delivers one unit at a time down to 0, then refuses without a request", async ({
    page,
  }) => {
    const { email } = await signUpViaApi(page);
    const { id, name } = await createBike(page, { quantity: "2" });
    await openDetail(page, id, name, 2);
    const deliveries = recordRequests(page, "POST", /\/api\/bikes\/[^/]+\/deliveries$/);

    expect(await deliverOne(page)).toBe(1);
    await expect(toast(page, "One unit delivered. 1 left.")).toBeVisible();
    await expect(shownQuantity(page)).toHaveText("1");

    expect(await deliverOne(page)).toBe(0);
    await expect(toast(page, "One unit delivered. 0 left.")).toBeVisible();
    await expect(shownQuantity(page)).toHaveText("0");
    expect((await fetchBike(page, id))?.quantity).toBe(0);

    await deliveredButton(page).click();
    await expect(toast(page, "Your stock is empty")).toBeVisible();
    await expect(shownQuantity(page)).toHaveText("0");

    // A later request proves the refused click sent nothing in the meantime.
    await importInput(page).fill("1");
    const imported = page.waitForResponse(isPost(/\/api\/bikes\/[^/]+\/imports$/));
    await importButton(page).click();
    expect((await imported).status()).toBe(200);
    await expect(shownQuantity(page)).toHaveText("1");
    expect(deliveries).toHaveLength(2);

    // The ledger, newest first: the import, both deliveries, then the bike's creation.
    const rows = movementRows(page);
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0).getByRole("cell")).toHaveText([/\S/, email, "Imported 1", "1"]);
    await expect(rows.nth(1).getByRole("cell")).toHaveText([/\S/, email, "Delivered 1", "0"]);
    await expect(rows.nth(2).getByRole("cell")).toHaveText([/\S/, email, "Delivered 1", "1"]);
    await expect(rows.nth(3).getByRole("cell")).toHaveText([/\S/, email, "Added with 2", "2"]);
  });

  test("the quantity shown follows the server's answers, not a local count", async ({ page }) => {
    await signUpViaApi(page);

    // Someone else imports while the page shows 2: the answer (4), not 2 - 1, is shown.
    const restocked = await createBike(page, { quantity: "2" });
    await openDetail(page, restocked.id, restocked.name, 2);
    expect((await importViaApi(page, restocked.id, 3)).quantity).toBe(5);
    await expect(shownQuantity(page)).toHaveText("2");
    expect(await deliverOne(page)).toBe(4);
    await expect(toast(page, "One unit delivered. 4 left.")).toBeVisible();
    await expect(shownQuantity(page)).toHaveText("4");

    // Someone else takes the last unit while the page shows 1: the server refuses (409), the
    // page says so and shows the real 0, and a further click sends nothing.
    const lastOne = await createBike(page, { quantity: "1" });
    await openDetail(page, lastOne.id, lastOne.name, 1);
    const deliveries = recordRequests(page, "POST", /\/api\/bikes\/[^/]+\/deliveries$/);
    expect((await deliverViaApi(page, lastOne.id)).quantity).toBe(0);
    const refused = page.waitForResponse(isPost(/\/api\/bikes\/[^/]+\/deliveries$/));
    await deliveredButton(page).click();
    expect((await refused).status()).toBe(409);
    await expect(toast(page, "Your stock is empty")).toBeVisible();
    await expect(shownQuantity(page)).toHaveText("0");
    await expect(movementRows(page).first().getByRole("cell").nth(2)).toHaveText("Delivered 1");
    await deliveredButton(page).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your stock is empty" })).toHaveCount(2);
    // A later request proves the refused click sent nothing in the meantime.
    await importInput(page).fill("2");
    await importButton(page).click();
    await expect(toast(page, "2 units imported. 2 in stock.")).toBeVisible();
    expect(deliveries).toHaveLength(1);
  });
});

test("Import adds whole positive numbers and refuses anything else without a request", async ({
  page,
}) => {
  await signUpViaApi(page);
  const { id, name } = await createBike(page, { quantity: "2" });
  await openDetail(page, id, name, 2);
  await expect(page.getByRole("form", { name: "Import now" })).toBeVisible();
  const imports = recordRequests(page, "POST", /\/api\/bikes\/[^/]+\/imports$/);

  await importInput(page).fill("3");
  const answered = page.waitForResponse(isPost(/\/api\/bikes\/[^/]+\/imports$/));
  await importButton(page).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({ amount: 3 });
  await expect(toast(page, "3 units imported. 5 in stock.")).toBeVisible();
  await expect(shownQuantity(page)).toHaveText("5");
  await expect(importInput(page)).toHaveValue("");

  const refusals: [entry: string, message: string][] = [
    ["-4", "Please enter positive numbers!"],
    ["", "Please enter how many units to import."],
    ["2.5", "Please enter a whole number of units."],
  ];
  for (const [entry, message] of refusals) {
    await importInput(page).fill(entry);
    await importButton(page).click();
    await expect(toast(page, message)).toBeVisible();
    await expect(shownQuantity(page)).toHaveText("5");
  }

  // One more import: had a refused entry sent anything, it would have gone before this.
  await importInput(page).fill("10");
  await importButton(page).click();
  await expect(toast(page, "10 units imported. 15 in stock.")).toBeVisible();
  await expect(shownQuantity(page)).toHaveText("15");
  await expect(importInput(page)).toHaveValue("");
  expect(imports).toHaveLength(2);
  expect((await fetchBike(page, id))?.quantity).toBe(15);
  await expect(movementRows(page).first().getByRole("cell").nth(2)).toHaveText("Imported 10");
});

test("add a bike through the form, then find it on Inventory and My Items", async ({ page }) => {
  const { email } = await signUpViaApi(page);
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

  await navigation(page).getByRole("link", { name: "Inventory", exact: true }).click();
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

test("Home and Inventory show the quantity after a delivery without a reload", async ({ page }) => {
  await stubMapTiles(page);
  await signUpViaApi(page);
  const { id, name } = await createBike(page, { quantity: "3" });

  await page.goto("/inventory");
  await markDocument(page);
  const card = bikeCard(page, name);
  await expect(fact(card, "Quantity")).toHaveText("3");
  await card.getByRole("button", { name: "Update Now" }).click();
  await expect(page).toHaveURL(`/inventory/${id}`);
  await expect(shownQuantity(page)).toHaveText("3");
  expect(await deliverOne(page)).toBe(2);
  await expect(shownQuantity(page)).toHaveText("2");

  // Home reads the list afresh after the change; its featured cards are the server's first six.
  const listed = page.waitForResponse(
    (response) =>
      response.request().method() === "GET" && new URL(response.url()).pathname === "/api/bikes",
  );
  await navigation(page).getByRole("link", { name: "Home", exact: true }).click();
  const fresh = (await (await listed).json()) as { name: string; quantity: number }[];
  const featured = page
    .getByRole("region", { name: "Featured Bikes" })
    .getByRole("list", { name: "Bikes" })
    .getByRole("article");
  await expect(featured).toHaveCount(6);
  for (const [index, bike] of fresh.slice(0, 6).entries()) {
    await expect(featured.nth(index).getByRole("heading")).toHaveText(bike.name);
    await expect(fact(featured.nth(index), "Quantity")).toHaveText(String(bike.quantity));
  }
  expect(fresh.find((bike) => bike.name === name)?.quantity).toBe(2);

  await navigation(page).getByRole("link", { name: "Inventory", exact: true }).click();
  await expect(fact(bikeCard(page, name), "Quantity")).toHaveText("2");
  expect(await documentStillMarked(page)).toBe(true);
});

test("cancel on My Items: declining keeps the bike, accepting removes it everywhere", async ({
  page,
}) => {
  const { email } = await signUpViaApi(page);
  const { id, name } = await createBike(page, { quantity: "5" });
  const removals = recordRequests(page, "DELETE", /^\/api\/(items|bikes)\//);

  await page.goto("/my-item");
  await expect(page).toHaveTitle("My Items- Ultimate Bikes");
  const item = bikeCard(page, name);
  await expect(item).toContainText("Quantity: 5");

  const declined = answerNextDialog(page, false);
  await item.getByRole("button", { name: `Cancel ${name}` }).click();
  expect(await declined).toBe("confirm: Are you sure to cancle?");
  await expect(item).toBeVisible();
  expect(removals).toHaveLength(0);
  expect(await fetchBike(page, id)).not.toBeNull();

  const accepted = answerNextDialog(page, true);
  const cancelled = page.waitForResponse(
    (response) =>
      response.request().method() === "DELETE" && response.url().endsWith(`/api/items/${id}`),
  );
  await item.getByRole("button", { name: `Cancel ${name}` }).click();
  expect(await accepted).toBe("confirm: Are you sure to cancle?");
  expect((await cancelled).status()).toBe(200);
  await expect(item).toHaveCount(0);
  await expect(page.getByText("You have not added any bikes yet.")).toBeVisible();
  expect(removals).toHaveLength(1);
  expect(await fetchBike(page, id)).toBeNull();
  expect(await myItemsViaApi(page, email)).toEqual([]);

  await navigation(page).getByRole("link", { name: "Inventory", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Our Inventory" })).toBeVisible();
  await expect(main(page).getByRole("article").first()).toBeVisible();
  await expect(bikeCard(page, name)).toHaveCount(0);
});

test("Manage Inventory: delete one of your bikes after confirming", async ({ page }) => {
  await signUpViaApi(page);
  const { id, name } = await createBike(page);
  const removals = recordRequests(page, "DELETE", /^\/api\/(items|bikes)\//);

  // From the bike's own page, through its Manage Inventory link.
  await openDetail(page, id, name, 2);
  await main(page).getByRole("link", { name: "Manage Inventory" }).click();
  await expect(page).toHaveURL("/manage-inventory");
  await expect(page).toHaveTitle("Manage Inventory- Ultimate Bikes");
  await expect(page.getByRole("heading", { name: "You can manage your inventory" })).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell")).toContainText(["$1,999.00", "2"]);
  const deleteButton = row.getByRole("button", { name: `Delete ${name}` });

  const declined = answerNextDialog(page, false);
  await deleteButton.click();
  expect(await declined).toBe("confirm: Are you sure to delete?");
  await expect(row).toBeVisible();
  expect(removals).toHaveLength(0);
  expect(await fetchBike(page, id)).not.toBeNull();

  const accepted = answerNextDialog(page, true);
  await deleteButton.click();
  expect(await accepted).toBe("confirm: Are you sure to delete?");
  await expect(toast(page, "Item Deleted!")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(removals).toEqual([expect.stringMatching(new RegExp(`/api/bikes/${id}$`))]);
  expect(await fetchBike(page, id)).toBeNull();

  await main(page).getByRole("link", { name: "Add New item" }).click();
  await expect(page).toHaveURL("/add-new");
  await expect(page.getByRole("heading", { name: "Add Your own Bike" })).toBeVisible();
});

test("/inventory/inventory/{id} shows the same detail page", async ({ page }) => {
  await signUpViaApi(page);
  const { id, name } = await createBike(page, { quantity: "7", price: "3450.25" });
  await page.goto(`/inventory/inventory/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Update Now" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(page.getByRole("img", { name })).toBeVisible();
  await expect(shownQuantity(page)).toHaveText("7");
  await expect(fact(main(page), "Price")).toHaveText("$3,450.25");
  await expect(fact(main(page), "Supplier name")).toHaveText("E2E Supplies Ltd.");
  await expect(deliveredButton(page)).toBeEnabled();
  await expect(page.getByRole("form", { name: "Import now" })).toBeVisible();
  await expect(main(page).getByRole("link", { name: "Manage Inventory" })).toHaveAttribute(
    "href",
    "/manage-inventory",
  );
  expect(await deliverOne(page)).toBe(6);
  await expect(shownQuantity(page)).toHaveText("6");

  await page.goto(`/inventory/inventory/${randomUUID()}`);
  await expect(
    page.getByRole("heading", { name: "This bike is not in the warehouse" }),
  ).toBeVisible();
});

test.describe("My Items grid", () => {
  test("three cards share a row at 1280 wide and stack at 375 wide", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpViaApi(page);
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

test.describe("accessibility scans", () => {
  test("the bike detail page", async ({ page }) => {
    await signUpViaApi(page);
    const { id, name } = await createBike(page);
    await openDetail(page, id, name, 2);
    await expect(movementRows(page)).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
  });

  test("Manage Inventory", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/manage-inventory");
    await expect(
      page.getByRole("heading", { name: "You can manage your inventory" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /^Delete / }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("the Add form, with its field errors showing", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/add-new");
    await expect(page.getByRole("heading", { name: "Add Your own Bike" })).toBeVisible();
    await page.getByRole("button", { name: "Add Now" }).click();
    await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("My Items", async ({ page }) => {
    await signUpViaApi(page);
    const { name } = await createBike(page);
    await page.goto("/my-item");
    await expect(bikeCard(page, name)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
