import { expect } from "@playwright/test";
import QRCode from "qrcode";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { fakeCameraShowing } from "../support/fake-camera.ts";
import { decodeDataUrl, decodePng } from "../support/qr-codes.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { createBike } from "../support/stock-helpers.ts";
import { STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";

/*
 * QR labels and scanning (issue 13): each label's code, decoded here, is the bike page's
 * address; the scan page opens a bike from a camera frame (a canvas stream stands in for the
 * camera), with the browser's decoder taken away so the page's own does the reading.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

/** Scan's typed fallback, by its label. */
const TYPED_FIELD = /^Or type its stock number/;

test("a label shows the bike's stock number, and typing it on Scan opens the bike", async ({
  signedInPage: page,
}) => {
  const { id, name } = await createBike(page);
  await page.goto(`/labels?ids=${id}`);
  const label = main(page).getByRole("article", { name: `Label of ${name}` });
  const stockNumber = label.getByText(/^UB-\d{5,}$/);
  await expect(stockNumber).toBeVisible();
  const number = (await stockNumber.textContent())!;
  // Printed big: the largest text on the label.
  const sizes = await label.evaluate((article) =>
    [...article.querySelectorAll("span, strong")].map((element) =>
      parseFloat(getComputedStyle(element).fontSize),
    ),
  );
  expect(parseFloat(await stockNumber.evaluate((e) => getComputedStyle(e).fontSize))).toBe(
    Math.max(...sizes),
  );

  await page.goto("/scan");
  // Typed as a person types it off the label: any case.
  await main(page).getByLabel(TYPED_FIELD).fill(number.toLowerCase());
  await main(page).getByRole("button", { name: "Open" }).click();
  await expect(page).toHaveURL(new RegExp(`/inventory/${id}$`));
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(main(page).getByText(number)).toBeVisible();
});

test("prints labels whose QR codes are the bikes' addresses", async ({
  signedInPage: page,
  baseURL,
}) => {
  const first = await createBike(page);
  const second = await createBike(page);
  await page.goto(`/labels?ids=${first.id},${second.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Labels" })).toBeVisible();
  await expect(page).toHaveTitle("Labels- Ultimate Bikes");
  for (const bike of [first, second]) {
    const label = main(page).getByRole("article", { name: `Label of ${bike.name}` });
    const code = label.getByRole("img", { name: `QR code of ${bike.name}'s page` });
    await expect(code).toBeVisible();
    const src = await code.getAttribute("src");
    expect(decodeDataUrl(src!)).toBe(`${baseURL}/inventory/${bike.id}`);
    // And as printed on screen: a screenshot of the label reads the same.
    expect(decodePng(await code.screenshot())).toBe(`${baseURL}/inventory/${bike.id}`);
  }

  await main(page).getByLabel("Paper").selectOption({ label: "US Letter (3 × 10 labels)" });
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" })).not.toBeVisible();
  // Printing hides the page around the sheet, its main landmark too.
  await expect(page.getByRole("article", { name: `Label of ${first.name}` })).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  await page.goto("/labels");
  await main(page).getByLabel("Search bikes").fill(first.name);
  await main(page)
    .getByRole("checkbox", { name: new RegExp(`^${first.name} `) })
    .check();
  await expect(page).toHaveURL(new RegExp(`ids=${first.id}$`));
  await expect(main(page).getByRole("article", { name: `Label of ${first.name}` })).toBeVisible();
});

test("the scan page opens the bike a camera frame shows", async ({
  signedInPage: page,
  baseURL,
}) => {
  const { id, name } = await createBike(page);
  await fakeCameraShowing(
    page,
    await QRCode.toDataURL(`${baseURL}/inventory/${id}`, { margin: 2, width: 300 }),
  );
  await page.goto("/scan");
  await expect(page).toHaveURL(new RegExp(`/inventory/${id}$`), { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(main(page).getByRole("button", { name: "Delivered" })).toBeVisible();
});

test("the scan page says a foreign code is not ours, and opens a typed id", async ({
  signedInPage: page,
}) => {
  const { id, name } = await createBike(page);
  await fakeCameraShowing(
    page,
    await QRCode.toDataURL("https://elsewhere.example/inventory/x", { margin: 2, width: 300 }),
  );
  await page.goto("/scan");
  await expect(
    main(page).getByText("That code is not one of our bikes, units or transfers. Still looking…"),
  ).toBeVisible({ timeout: 15_000 });
  await main(page).getByLabel(TYPED_FIELD).fill("not a bike");
  await main(page).getByRole("button", { name: "Open" }).click();
  await expect(
    main(page).getByText(
      "That is not a stock number, a transfer number, a chassis number, a bike id or the address of one of our pages.",
    ),
  ).toBeVisible();
  await main(page).getByLabel(TYPED_FIELD).fill(id);
  await main(page).getByRole("button", { name: "Open" }).click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
});

for (const size of SCREEN_SIZES) {
  test(`labels and scan are accessible at ${size.width} px`, async ({ signedInPage: page }) => {
    await page.setViewportSize(size);
    const { id, name } = await createBike(page);
    await fakeCameraShowing(page, await QRCode.toDataURL("plain text", { margin: 2, width: 300 }));
    await page.goto(`/labels?ids=${id}`);
    await expect(main(page).getByRole("article", { name: `Label of ${name}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto("/scan");
    await expect(
      main(page)
        .getByText("Looking for a label…")
        .or(main(page).getByText(/not one of our bikes/)),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
