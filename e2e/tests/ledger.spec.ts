import { expect } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { createBike, importViaApi } from "../support/stock-helpers.ts";
import { deliverOne, openDetail, STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";

/*
 * The whole ledger (issue 13): a delivery made with an order number shows with it; the ledger
 * filtered by bike and kind shows only those movements, keeps its filters in the address, and
 * exports the same rows as CSV.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

test("filters the ledger by bike and kind, and exports what it shows", async ({
  signedInPage: page,
  account,
}) => {
  const { id, name } = await createBike(page, { quantity: "5" });
  await importViaApi(page, id, 2);
  await openDetail(page, id, name, 7);
  await main(page).getByLabel("Order or invoice (optional)").fill("SO-2026-117");
  expect(await deliverOne(page)).toBe(6);

  await main(page)
    .getByRole("link", { name: "All of this bike's movements in the ledger" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/movements\\?bike=${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Ledger" })).toBeVisible();
  await expect(page).toHaveTitle("Ledger- Ultimate Bikes");
  const rows = main(page).getByRole("table", { name: "Movements" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(
    `${name}${account.name}Main warehouseDelivered−16SO-2026-117`,
  );
  await expect(rows.nth(1)).toContainText("Imported+27");
  await expect(rows.nth(2)).toContainText("Added+55");

  await main(page).getByLabel("Kind").selectOption({ label: "Delivered" });
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`bike=${id}&kind=deliver$`));
  await page.reload();
  await expect(main(page).getByLabel("Kind")).toHaveValue("deliver");
  await expect(rows).toHaveCount(1);
  // Filtered by the bike's name: typed key by key, as a person types, then picked from the
  // suggestions, which filters by its stock number.
  const bikeField = main(page).getByRole("combobox", { name: "Bike" });
  await bikeField.clear();
  await bikeField.pressSequentially(name);
  await expect(bikeField).toHaveValue(name);
  const suggestion = main(page)
    .getByRole("listbox", { name: "Bikes" })
    .getByRole("option", { name: new RegExp(`^${name} UB-\\d{5,}`) });
  await suggestion.click();
  await expect(page).toHaveURL(/[?&]bike=UB-\d{5,}&kind=deliver$/);
  await expect(bikeField).toHaveValue(/^UB-\d{5,}$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(
    `${name}${account.name}Main warehouseDelivered−16SO-2026-117`,
  );

  const downloading = page.waitForEvent("download");
  await main(page).getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ledger-\d{4}-\d\d-\d\d\.csv$/);
  const lines = (await (await download.createReadStream()).toArray())
    .join("")
    .trimEnd()
    .split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(
    `,${id},${name},${account.name},deliver,Main warehouse,-1,-1,6,,SO-2026-117,`,
  );

  await main(page).getByLabel("Kind").selectOption({ label: "Edited" });
  await expect(main(page).getByRole("status")).toHaveText("No movements match these filters.");
});

for (const size of SCREEN_SIZES) {
  test(`the ledger is accessible at ${size.width} px and fits the screen`, async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize(size);
    const { id, name } = await createBike(page);
    await page.goto(`/movements?bike=${id}`);
    await expect(main(page).getByRole("link", { name })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // And with the bike filter's suggestions open.
    await main(page).getByRole("combobox", { name: "Bike" }).fill(name);
    await expect(main(page).getByRole("listbox", { name: "Bikes" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
