import { expect, type Page } from "@playwright/test";
import { unitListResponseSchema } from "@ultimate-bikes/contract/units";
import { newUnits } from "@ultimate-bikes/test-support/new-units";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { fakeCameraShowing } from "../support/fake-camera.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { decodeDataUrl, decodePng } from "../support/qr-codes.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { bikeCard, STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";
import { createBike, fetchBike } from "../support/stock-helpers.ts";

/*
 * Finding and following a unit (issue 24): a model tracked by unit through the API, then its
 * unit found in Inventory's search by the last 6 characters of its chassis number, and opened
 * from its label's QR code on the Scan page (a canvas stream stands in for the camera). The
 * unit's page is another screen's: here, landing on its address is what counts.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

/** A new model with one unit, at the place its stock is at; the unit as the API has it. */
async function trackedUnit(page: Page) {
  const bike = await createBike(page, { quantity: "1" });
  const [stock] = (await fetchBike(page, bike.id))!.stock;
  const [unit] = newUnits(1);
  const tracking = await page.request.put(`/api/bikes/${bike.id}/tracking`, {
    data: { tracksUnits: true, units: [{ ...unit, placeId: stock!.placeId }] },
  });
  expect(tracking.status(), await tracking.text()).toBe(200);
  const found = await page.request.get(`/api/units?chassis=${unit!.chassis}`);
  expect(found.status(), await found.text()).toBe(200);
  const [stored] = unitListResponseSchema.parse(await found.json());
  return { bike, place: stock!.place, unit: stored! };
}

/** The unit page's address, the other screen's. */
const unitAddress = (id: string) => new RegExp(`/units/${id}$`);

test("finds a unit in Inventory by the last 6 characters of its chassis number, and opens it", async ({
  signedInPage: page,
}) => {
  const { bike, place, unit } = await trackedUnit(page);
  await page.goto("/inventory");
  await main(page).getByRole("searchbox", { name: "Search bikes" }).fill(unit.chassis.slice(-6));
  const found = main(page).getByRole("list", { name: "Units found by number" });
  await expect(found).toHaveText(`Unit ${unit.chassis} — ${bike.name}, in stock at ${place}`);
  // Its model is the first bike listed.
  await expect(main(page).getByRole("article").first()).toHaveAccessibleName(bike.name);
  await expect(bikeCard(page, bike.name)).toBeVisible();
  await found.getByRole("link", { name: `Unit ${unit.chassis}` }).click();
  await expect(page).toHaveURL(unitAddress(unit.id));
});

test("a unit's label holds its chassis number, and scanning it opens the unit", async ({
  signedInPage: page,
}) => {
  const { bike, unit } = await trackedUnit(page);
  await page.goto(`/labels/units?units=${unit.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Unit labels" })).toBeVisible();
  const label = main(page).getByRole("article", { name: `Label of unit ${unit.chassis}` });
  const code = label.getByRole("img", { name: `QR code of chassis number ${unit.chassis}` });
  await expect(code).toBeVisible();
  const src = (await code.getAttribute("src"))!;
  expect(decodeDataUrl(src)).toBe(unit.chassis);
  expect(decodePng(await code.screenshot())).toBe(unit.chassis);
  await expect(label).toContainText(`Engine ${unit.engine}`);
  await expect(label).toContainText(bike.name);
  await expect(label).toContainText(`${unit.colour}, ${unit.modelYear}`);
  // The chassis number, in its three groups, is the largest print on the label.
  const { chassis: number } = unit;
  const chassis = label.getByText(
    `${number.slice(0, 3)} ${number.slice(3, 9)} ${number.slice(9)}`,
    { exact: true },
  );
  const sizes = await label.evaluate((article) =>
    [...article.querySelectorAll("span, strong")].map((element) =>
      parseFloat(getComputedStyle(element).fontSize),
    ),
  );
  expect(parseFloat(await chassis.evaluate((e) => getComputedStyle(e).fontSize))).toBe(
    Math.max(...sizes),
  );

  // The label's own QR code, in front of the camera.
  await fakeCameraShowing(page, src);
  await page.goto("/scan");
  await expect(page).toHaveURL(unitAddress(unit.id), { timeout: 15_000 });
});

test("the unit labels fit a phone and are accessible", async ({ signedInPage: page }) => {
  const phone = SCREEN_SIZES.find((size) => size.width === 375)!;
  await page.setViewportSize(phone);
  const { unit } = await trackedUnit(page);
  await page.goto(`/labels/units?units=${unit.id}`);
  await expect(
    main(page).getByRole("img", { name: `QR code of chassis number ${unit.chassis}` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
