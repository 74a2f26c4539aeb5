import { bikeDetailsSchema, type BikeDetails } from "@ultimate-bikes/contract/bikes";
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { openColleague, closeLeftovers } from "../support/live-stock.ts";
import { createBike, fetchBike, toast } from "../support/stock-helpers.ts";
import { movementRows, openDetail, STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";

/*
 * Editing a bike's details (issue 13): from the bike's page and Manage Inventory, saved over the
 * details the form was loaded with only, so a colleague's edit in between is merged field by field
 * (issue 21), never lost: only a field both changed is for the person to decide.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });
test.afterEach(closeLeftovers);

async function detailsViaApi(page: Page, id: string): Promise<BikeDetails> {
  const response = await page.request.get(`/api/bikes/${id}/details`);
  expect(response.status()).toBe(200);
  return bikeDetailsSchema.parse(await response.json());
}

/** A colleague's edit through the API, made from the details stored now. */
async function editViaApi(page: Page, id: string, changes: Partial<BikeDetails>) {
  const { tag, ...details } = await detailsViaApi(page, id);
  const response = await page.request.put(`/api/bikes/${id}/details`, {
    data: { ...details, ...changes },
    headers: { "if-match": `"${tag}"` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const field = (page: Page, label: string) => main(page).getByLabel(label, { exact: true });

const conflictAlert = (page: Page) =>
  main(page)
    .getByRole("alert")
    .filter({
      has: page.getByRole("heading", {
        name: "Someone else changed this bike while you were editing it",
      }),
    });

/** The browser logs the refused save (412) as a console error: the test expects it. */
const isRefusedEdit = (text: string, url: string) =>
  /\/api\/bikes\/[\w-]+\/details$/.test(url) && text.includes("412");

test("edits a bike from its page: the page, the list and the ledger show the new details", async ({
  signedInPage: page,
}) => {
  const { id, name } = await createBike(page, { quantity: "7", price: "4100" });
  await openDetail(page, id, name, 7);
  await main(page)
    .getByRole("link", { name: `Edit ${name}` })
    .click();

  await expect(page.getByRole("heading", { level: 1, name: "Edit bike" })).toBeVisible();
  await expect(page).toHaveTitle("Edit bike- Ultimate Bikes");
  await expect(field(page, "Price (USD)")).toHaveValue("4100.00");
  await expect(main(page).getByLabel("Quantity")).toHaveCount(0);
  const renamed = `${name} Special`;
  await field(page, "Name").fill(renamed);
  await field(page, "Price (USD)").fill("4250.50");
  await main(page).getByRole("button", { name: "Save changes" }).click();

  await expect(toast(page, "Bike updated")).toBeVisible();
  await openDetail(page, id, renamed, 7);
  await expect(main(page).getByText("$4,250.50")).toBeVisible();
  await expect(movementRows(page).first()).toContainText("Edited name, price");
  expect(await fetchBike(page, id)).toMatchObject({ name: renamed, price: 4250.5, quantity: 7 });
});

test("two people editing different fields of a bike both keep their changes", async ({
  signedInPage: page,
  browser,
  pageErrors,
}) => {
  pageErrors.expect(isRefusedEdit);
  const { id, name } = await createBike(page, { price: "4100" });
  await page.goto(`/inventory/${id}/edit`);
  await expect(field(page, "Name")).toHaveValue(name);

  // A colleague, in a browser of their own, renames the bike and saves first.
  const colleague = await openColleague(browser);
  const theirs = await colleague.newPage();
  await theirs.goto(`/inventory/${id}/edit`);
  await expect(field(theirs, "Name")).toHaveValue(name);
  const renamed = `${name} Special`;
  await field(theirs, "Name").fill(renamed);
  await main(theirs).getByRole("button", { name: "Save changes" }).click();
  await expect(toast(theirs, "Bike updated")).toBeVisible();
  await colleague.close();

  await field(page, "Description").fill("Mine, written meanwhile.");
  await main(page).getByRole("button", { name: "Save changes" }).click();
  const conflict = conflictAlert(page);
  await expect(conflict).toContainText(
    "None of their changes is to a field you changed, so nothing conflicts.",
  );
  await expect(conflict).toContainText(`Their changes stay: name: ${renamed}`);
  await expect(conflict).toContainText("Your changes stay: description: Mine, written meanwhile.");
  await expect(conflict.getByRole("table")).toHaveCount(0);
  // Nothing is saved until asked.
  expect((await detailsViaApi(page, id)).des).not.toBe("Mine, written meanwhile.");

  await conflict.getByRole("button", { name: "Save both" }).click();
  await expect(toast(page, "Bike updated")).toBeVisible();
  expect(await detailsViaApi(page, id)).toMatchObject({
    name: renamed,
    des: "Mine, written meanwhile.",
    price: 4100,
  });
  // The ledger keeps who changed what: mine is only the description.
  await openDetail(page, id, renamed, 5);
  const what = (row: number) => movementRows(page).nth(row).getByRole("cell").nth(2);
  await expect(what(0)).toHaveText("Edited description");
  await expect(what(1)).toHaveText("Edited name");
});

test("a field both changed is a conflict, and saving mine over theirs replaces only it", async ({
  signedInPage: page,
  pageErrors,
}) => {
  pageErrors.expect(isRefusedEdit);
  const { id, name } = await createBike(page, { supplierName: "Original Imports" });
  await page.goto(`/inventory/${id}/edit`);
  await expect(field(page, "Name")).toHaveValue(name);

  // A colleague saves first: a new name, photo, price and supplier.
  const otherPhoto = "/images/bikes/honda-cbr650r.svg";
  await editViaApi(page, id, {
    name: `${name} Renamed`,
    photo: otherPhoto,
    price: 999,
    supplierName: "Colleague Imports",
  });

  await field(page, "Supplier name").fill("My Imports");
  await field(page, "Description").fill("Mine, written meanwhile.");
  await main(page).getByRole("button", { name: "Save changes" }).click();

  const conflict = conflictAlert(page);
  await expect(conflict).toBeVisible();
  await expect(page.getByRole("heading", { name: /Someone else changed/ })).toBeFocused();
  await expect(conflict).toContainText("Nothing of yours was saved. Their changes:");
  // Side by side: only the field both changed.
  const rows = conflict.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("supplier");
  await expect(rows.first()).toContainText("Colleague Imports");
  await expect(rows.first()).toContainText("My Imports");
  await expect(conflict).toContainText(
    `Their other changes stay: name: ${name} Renamed; price: $999.00; photo: new photo`,
  );
  await expect(conflict).toContainText(
    "Your other changes stay: description: Mine, written meanwhile.",
  );
  await expect(conflict).not.toContainText("/images/");
  expect((await detailsViaApi(page, id)).supplierName).toBe("Colleague Imports");
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSeriousA11yViolations(page);

  const saved = page.waitForRequest((request) => request.method() === "PATCH");
  await conflict.getByRole("button", { name: "Save mine over theirs" }).click();
  // Only what I changed is sent, over their version.
  expect((await saved).postDataJSON()).toEqual({
    des: "Mine, written meanwhile.",
    supplierName: "My Imports",
  });
  await expect(toast(page, "Bike updated")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/inventory/${id}$`));
  expect(await detailsViaApi(page, id)).toMatchObject({
    name: `${name} Renamed`,
    photo: otherPhoto,
    price: 999,
    supplierName: "My Imports",
    des: "Mine, written meanwhile.",
  });
  // My edit in the ledger is what I changed, not their name, photo and price put back.
  await expect(movementRows(page).first().getByRole("cell").nth(2)).toHaveText(
    "Edited description, supplier",
  );
});

test("takes the colleague's version into the form when asked, keeping my other changes", async ({
  signedInPage: page,
  pageErrors,
}) => {
  pageErrors.expect(isRefusedEdit);
  const { id } = await createBike(page);
  await page.goto(`/inventory/${id}/edit`);
  await expect(field(page, "Reorder point")).toHaveValue("3");
  await editViaApi(page, id, { reorderPoint: 9, des: "Theirs." });

  await field(page, "Description").fill("Mine, written meanwhile.");
  await field(page, "Supplier name").fill("My Imports");
  await main(page).getByRole("button", { name: "Save changes" }).click();
  await conflictAlert(page).getByRole("button", { name: "Use their version" }).click();

  await expect(main(page).getByRole("alert")).toHaveCount(0);
  await expect(field(page, "Reorder point")).toHaveValue("9");
  await expect(field(page, "Description")).toHaveValue("Theirs.");
  await expect(field(page, "Supplier name")).toHaveValue("My Imports");
  await main(page).getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Bike updated")).toBeVisible();
  expect(await detailsViaApi(page, id)).toMatchObject({
    reorderPoint: 9,
    des: "Theirs.",
    supplierName: "My Imports",
  });
});

test("shows what is wrong with a bad value at its field, and saves nothing", async ({
  signedInPage: page,
}) => {
  const { id, name } = await createBike(page);
  await page.goto(`/inventory/${id}/edit`);
  await field(page, "Price (USD)").fill("12.345");
  await main(page).getByRole("button", { name: "Save changes" }).click();
  await expect(field(page, "Price (USD)")).toHaveAttribute("aria-invalid", "true");
  await expect(main(page).getByText("Price (USD) must be a price like 1999.99")).toBeVisible();
  expect((await fetchBike(page, id))?.name).toBe(name);
});

test("is reached from Manage Inventory", async ({ signedInPage: page }) => {
  const { id, name } = await createBike(page);
  await page.goto(`/manage-inventory?q=${encodeURIComponent(name)}`);
  await main(page)
    .getByRole("link", { name: `Edit ${name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/inventory/${id}/edit$`));
  await expect(field(page, "Name")).toHaveValue(name);
});

for (const size of SCREEN_SIZES) {
  test(`the edit form is accessible at ${size.width} px and fits the screen`, async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize(size);
    const { id, name } = await createBike(page);
    await page.goto(`/inventory/${id}/edit`);
    await expect(field(page, "Name")).toHaveValue(name);
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
