import { expect } from "@playwright/test";
import { test } from "../support/fixtures.ts";
import { main, navigation } from "../support/landmarks.ts";
import {
  answerNextDialog,
  createBike,
  fetchBike,
  myItemsViaApi,
  recordRequests,
  toast,
} from "../support/stock-helpers.ts";
import { bikeCard, openDetail, STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";
import { searchBox } from "../support/stock-search.ts";

/*
 * Taking a bike out of the stock (cancel on My Items, delete on Manage Inventory), after a
 * confirmation, as a signed-in member of staff. Every test works on bikes it adds itself: other
 * specs run alongside and read the seeded stock, which must stay as seeded.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

test("cancel on My Items: declining keeps the bike, accepting removes it everywhere", async ({
  signedInPage: page,
  account: { email },
}) => {
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
  // Inventory shows a page at a time: only a search for the bike shows it is gone.
  await searchBox(page).fill(name);
  await expect(main(page).getByText("No bikes match your search.")).toBeVisible();
  await expect(bikeCard(page, name)).toHaveCount(0);
});

test("Manage Inventory: delete one of your bikes after confirming", async ({
  signedInPage: page,
}) => {
  const { id, name } = await createBike(page, { price: "1999.00", quantity: "2" });
  const removals = recordRequests(page, "DELETE", /^\/api\/(items|bikes)\//);

  // From the bike's own page, through its Manage Inventory link.
  await openDetail(page, id, name, 2);
  await main(page).getByRole("link", { name: "Manage Inventory" }).click();
  await expect(page).toHaveURL("/manage-inventory");
  await expect(page).toHaveTitle("Manage Inventory- Ultimate Bikes");
  await expect(page.getByRole("heading", { name: "You can manage your inventory" })).toBeVisible();
  // Other tests add bikes meanwhile: past a page of them, this one is found by its name.
  await searchBox(page).fill(name);
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
