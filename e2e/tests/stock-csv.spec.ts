import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { createBike, fetchBike, toast } from "../support/stock-helpers.ts";
import { STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";

/*
 * CSV in and out of the stock (issue 13): a file with bad rows is previewed with its problems and
 * changes nothing; a good one is previewed, then imported whole; the export downloads the
 * columns chosen.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

const HEADER = "id,name,supplier,price,quantity,reorder point,description,photo";
const PHOTO = "/images/bikes/honda-cbr650r.svg";
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

async function chooseFile(page: Page, name: string, content: string) {
  await main(page)
    .getByLabel("CSV file", { exact: true })
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(content) });
}

async function stockNamed(page: Page, name: string) {
  const response = await page.request.get(`/api/stock?q=${encodeURIComponent(name)}&limit=10`);
  const { items } = (await response.json()) as { items: { name: string }[] };
  return items.filter((item) => item.name === name);
}

test("a file with bad rows shows them and changes nothing; a good one is imported whole", async ({
  signedInPage: page,
}) => {
  const { id, name } = await createBike(page, { quantity: "4", price: "100" });
  const added = unique("From a spreadsheet");
  await page.goto("/manage-inventory");
  await main(page).getByRole("link", { name: "CSV import and export" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "CSV import and export" }),
  ).toBeVisible();
  await expect(page).toHaveTitle("CSV import and export- Ultimate Bikes");

  const bad = [
    HEADER,
    `,${added},Sheet Imports,2500,3,2,Added from a file.,${PHOTO}`,
    `,,Sheet Imports,2500,3,2,No name.,${PHOTO}`,
    `${id},,,150,2,,,`,
  ].join("\n");
  await chooseFile(page, "bad.csv", bad);
  const alert = main(page).getByRole("alert");
  await expect(alert).toHaveText(
    "bad.csv has 2 problems. Nothing will be imported: fix these rows and choose the file again.",
  );
  const problems = main(page).getByRole("table", { name: "Problems in the file" });
  await expect(problems.getByRole("row", { name: /^3 name is required$/ })).toBeVisible();
  await expect(
    problems.getByRole("row", { name: /^4 quantity is below the 4 in stock/ }),
  ).toBeVisible();
  // Each bad row is an error in the plan, never "No change".
  const badPlan = main(page).getByRole("table", { name: "What each row will do" });
  await expect(badPlan.getByRole("row", { name: new RegExp(`^2 Add ${added}`) })).toBeVisible();
  await expect(badPlan.getByRole("row", { name: /^3 Error / })).toBeVisible();
  await expect(badPlan.getByRole("row", { name: new RegExp(`^4 Error ${name}`) })).toBeVisible();
  await expect(badPlan.getByText("No change")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await expect(main(page).getByRole("button", { name: /^Import/ })).toHaveCount(0);
  expect(await stockNamed(page, added)).toEqual([]);
  expect(await fetchBike(page, id)).toMatchObject({ price: 100, quantity: 4 });

  const good = [
    HEADER,
    `,${added},Sheet Imports,2500,3,2,"Added from a file, with a comma.",${PHOTO}`,
    `${id},,,150,6,,,`,
  ].join("\n");
  await chooseFile(page, "good.csv", good);
  await expect(main(page).getByRole("status")).toHaveText(
    "good.csv: 1 bike to add, 1 to update, 0 unchanged.",
  );
  const plan = main(page).getByRole("table", { name: "What each row will do" });
  await expect(plan.getByRole("row", { name: new RegExp(`^2 Add ${added}`) })).toBeVisible();
  await expect(
    plan.getByRole("row", { name: new RegExp(`^3 Update ${name} price: 100 → 150 2$`) }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await main(page).getByRole("button", { name: "Import 2 changes" }).click();
  await expect(toast(page, "Imported: 1 bike added, 1 updated.")).toBeVisible();
  expect(await stockNamed(page, added)).toHaveLength(1);
  expect(await fetchBike(page, id)).toMatchObject({ price: 150, quantity: 6 });
});

test("exports the columns chosen", async ({ signedInPage: page }) => {
  const { name } = await createBike(page, { supplierName: "Export Check Ltd." });
  await page.goto("/stock-csv");
  const columns = main(page).getByRole("group", { name: "Columns" });
  for (const column of ["id", "price", "reorder point", "description", "photo"]) {
    await columns.getByLabel(column, { exact: true }).uncheck();
  }
  const downloading = page.waitForEvent("download");
  await main(page).getByRole("link", { name: "Download the stock as CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^stock-\d{4}-\d\d-\d\d\.csv$/);
  const lines = (await (await download.createReadStream()).toArray()).join("").split("\r\n");
  // With the quantity, the units at each place (the bike's 5 at the main warehouse) and in transit.
  expect(lines[0]).toMatch(/^name,supplier,quantity,Main warehouse,.*,In transit$/);
  expect(lines.find((line) => line.startsWith(`${name},`))).toMatch(
    new RegExp(`^${name},Export Check Ltd\\.,5,5,(0,)*0$`),
  );
});

test("exports only the bikes of the search and filter Manage Inventory shows", async ({
  signedInPage: page,
}) => {
  const supplierName = unique("Filtered Export Ltd.");
  const { name: empty } = await createBike(page, { supplierName, quantity: "0" });
  const { name: stocked } = await createBike(page, { supplierName, quantity: "9" });
  await page.goto(`/manage-inventory?supplier=${encodeURIComponent(supplierName)}&status=out`);
  await expect(main(page).getByText(empty).first()).toBeVisible();
  await expect(main(page).getByText(stocked)).toHaveCount(0);
  await main(page).getByRole("link", { name: "CSV import and export" }).click();
  await expect(main(page).getByRole("combobox", { name: "Stock level" })).toHaveValue("out");
  await expect(main(page).getByRole("textbox", { name: "Supplier (its exact name)" })).toHaveValue(
    supplierName,
  );

  const downloading = page.waitForEvent("download");
  await main(page).getByRole("link", { name: "Download the stock as CSV" }).click();
  const download = await downloading;
  const lines = (await (await download.createReadStream()).toArray()).join("").split("\r\n");
  expect(lines[0]).toMatch(new RegExp(`^${HEADER},Main warehouse,.*,In transit$`));
  expect(lines.slice(1, -1)).toHaveLength(1);
  expect(lines[1]).toContain(`,${empty},`);
  expect(lines.join("\n")).not.toContain(stocked);
});

for (const size of SCREEN_SIZES) {
  test(`is accessible at ${size.width} px and fits the screen`, async ({ signedInPage: page }) => {
    await page.setViewportSize(size);
    await page.goto("/stock-csv");
    await expect(main(page).getByLabel("CSV file", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
