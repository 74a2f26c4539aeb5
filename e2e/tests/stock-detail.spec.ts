import { expect } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import {
  countToastsFromNow,
  createBike,
  deliverViaApi,
  fact,
  fetchBike,
  importViaApi,
  isMissingBikeError,
  recordRequests,
  toast,
} from "../support/stock-helpers.ts";
import {
  DELIVERIES_PATH,
  deliveredButton,
  deliverOne,
  IMPORTS_PATH,
  importButton,
  importInput,
  isPost,
  movementRows,
  openDetail,
  shownQuantity,
  STAFF_WORKFLOW_TIMEOUT,
} from "../support/stock-screens.ts";

/*
 * The bike detail page (Delivered, Import, the ledger) as a signed-in member of staff. Every
 * test works on bikes it adds itself: other specs run alongside and read the seeded stock, which
 * must stay as seeded.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

test.describe("bike detail: Delivered", () => {
  test("delivers one unit at a time down to 0, then refuses without a request", async ({
    signedInPage: page,
    account: { name: staffName },
  }) => {
    const { id, name } = await createBike(page, { quantity: "2" });
    await openDetail(page, id, name, 2);
    const deliveries = recordRequests(page, "POST", DELIVERIES_PATH);

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
    const imported = page.waitForResponse(isPost(IMPORTS_PATH));
    await importButton(page).click();
    expect((await imported).status()).toBe(200);
    await expect(shownQuantity(page)).toHaveText("1");
    expect(deliveries).toHaveLength(2);

    // The ledger, newest first: the import, both deliveries, then the bike's creation. It names
    // the person who did each, never their email address.
    const rows = movementRows(page);
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0).getByRole("cell")).toHaveText([
      /\S/,
      staffName,
      "Imported 1 at Main warehouse",
      "1",
    ]);
    await expect(rows.nth(1).getByRole("cell")).toHaveText([
      /\S/,
      staffName,
      "Delivered 1 at Main warehouse",
      "0",
    ]);
    await expect(rows.nth(2).getByRole("cell")).toHaveText([
      /\S/,
      staffName,
      "Delivered 1 at Main warehouse",
      "1",
    ]);
    await expect(rows.nth(3).getByRole("cell")).toHaveText([
      /\S/,
      staffName,
      "Added with 2 at Main warehouse",
      "2",
    ]);
  });

  test("the quantity shown follows the server's answers, not a local count", async ({
    signedInPage: page,
    pageErrors,
  }) => {
    // A page that has lost live stock (its stream cannot connect) and so shows an old quantity.
    await page.route("**/api/stock/events*", (route) => route.abort());
    pageErrors.expect((_text, url) => url.includes("/api/stock/events"));
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
    pageErrors.expect((text, url) => DELIVERIES_PATH.test(url) && text.includes("409"));
    const lastOne = await createBike(page, { quantity: "1" });
    await openDetail(page, lastOne.id, lastOne.name, 1);
    const deliveries = recordRequests(page, "POST", DELIVERIES_PATH);
    expect((await deliverViaApi(page, lastOne.id)).quantity).toBe(0);
    const refused = page.waitForResponse(isPost(DELIVERIES_PATH));
    await deliveredButton(page).click();
    expect((await refused).status()).toBe(409);
    await expect(toast(page, "Your stock is empty")).toBeVisible();
    await expect(shownQuantity(page)).toHaveText("0");
    await expect(movementRows(page).first().getByRole("cell").nth(2)).toHaveText(
      "Delivered 1 at Main warehouse",
    );
    // A further click says so again, without a request.
    const refusedAgain = await countToastsFromNow(page, "Your stock is empty");
    await deliveredButton(page).click();
    await expect.poll(refusedAgain).toBe(1);
    // A later request proves the refused click sent nothing in the meantime.
    await importInput(page).fill("2");
    await importButton(page).click();
    await expect(toast(page, "2 units imported. 2 in stock.")).toBeVisible();
    expect(deliveries).toHaveLength(1);
  });
});

// The entries Import refuses, each with its reason and without a request, are the form's to
// prove (apps/web/src/features/bikes/stock-actions.test.tsx); here an import reaches the server.
test("Import adds the units typed, as the server and the ledger show", async ({
  signedInPage: page,
}) => {
  const { id, name } = await createBike(page, { quantity: "2" });
  await openDetail(page, id, name, 2);
  await expect(page.getByRole("form", { name: "Import now" })).toBeVisible();

  await importInput(page).fill("3");
  const answered = page.waitForResponse(isPost(IMPORTS_PATH));
  await importButton(page).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({ amount: 3 });
  await expect(toast(page, "3 units imported. 5 in stock.")).toBeVisible();
  await expect(shownQuantity(page)).toHaveText("5");
  await expect(importInput(page)).toHaveValue("");
  expect((await fetchBike(page, id))?.quantity).toBe(5);
  await expect(movementRows(page).first().getByRole("cell").nth(2)).toHaveText(
    "Imported 3 at Main warehouse",
  );
});

test("/inventory/inventory/{id} shows the same detail page", async ({
  signedInPage: page,
  pageErrors,
}) => {
  const { id, name } = await createBike(page, {
    quantity: "7",
    price: "3450.25",
    supplierName: "E2E Supplies Ltd.",
  });
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

  pageErrors.expect(isMissingBikeError);
  await page.goto(`/inventory/inventory/${randomUUID()}`);
  await expect(
    page.getByRole("heading", { name: "This bike is not in the warehouse" }),
  ).toBeVisible();
});
