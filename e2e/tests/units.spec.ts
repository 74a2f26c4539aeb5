import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { scrollWidth } from "../support/public-helpers.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { createBike, fact, toast } from "../support/stock-helpers.ts";
import {
  isPost,
  IMPORTS_PATH,
  openDetail,
  shownQuantity,
  STAFF_WORKFLOW_TIMEOUT,
} from "../support/stock-screens.ts";
import { newUnit, trackViaApi } from "../support/units.ts";

/*
 * Units (issue 24) on the web: tracking a model's units, importing them by their numbers,
 * delivering one by its row, and the unit's page with its story.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

const MAIN = "Main warehouse";

/** The units the bike page lists at a place, oldest first. */
const unitsAt = (page: Page, place: string) =>
  main(page)
    .getByRole("region", { name: `Units at ${place}` })
    .getByRole("listitem");

/** Fills one row of the unit editor. */
async function fillUnit(page: Page, row: string, unit: ReturnType<typeof newUnit>) {
  const group = page.getByRole("group", { name: row });
  await group.getByRole("textbox", { name: "Chassis number" }).fill(unit.chassis);
  await group.getByRole("textbox", { name: "Engine number" }).fill(unit.engine);
  await group.getByRole("textbox", { name: "Colour" }).fill(unit.colour);
  await group.getByRole("textbox", { name: "Model year" }).fill(String(unit.modelYear));
}

test("staff track a model's units, import one by pasting, deliver one by its row, and read its story", async ({
  signedInPage: page,
}) => {
  const { id, name } = await createBike(page, { quantity: "2" });
  await openDetail(page, id, name, 2);
  const [first, second, third] = [newUnit(), newUnit("Tech Black"), newUnit("Cyan Storm")];

  await test.step("tracking on: both units in stock identified in one form", async () => {
    await page.getByRole("button", { name: "Track units" }).click();
    await expect(page.getByRole("heading", { name: `${MAIN}: 2 units` })).toBeVisible();
    await fillUnit(page, `Unit 1 at ${MAIN}`, first);
    await fillUnit(page, `Unit 2 at ${MAIN}`, second);
    await page.getByRole("button", { name: "Start tracking units" }).click();
    await expect(toast(page, `${name} is now tracked by unit.`)).toBeVisible();
    await expect(unitsAt(page, MAIN)).toHaveCount(2);
    await expect(main(page).getByText("2 in stock · 2 available")).toBeVisible();
  });

  await test.step("Import: a line pasted from a spreadsheet", async () => {
    await page.getByText("Paste a list").click();
    await page
      .getByRole("textbox", { name: /One unit a line/ })
      .fill(`${third.chassis}\t${third.engine}\t${third.colour}\t${third.modelYear}`);
    await page.getByRole("button", { name: "Add these units" }).click();
    await expect(page.getByRole("textbox", { name: "Chassis number" })).toHaveValue(third.chassis);
    const imported = page.waitForResponse(isPost(IMPORTS_PATH));
    await page.getByRole("button", { name: "Import 1 unit" }).click();
    expect((await imported).status()).toBe(200);
    await expect(toast(page, "One unit imported. 3 in stock.")).toBeVisible();
    await expect(shownQuantity(page)).toHaveText("3");
    // Oldest first: the unit that just arrived comes last.
    await expect(unitsAt(page, MAIN)).toHaveCount(3);
    await expect(unitsAt(page, MAIN).last()).toContainText(third.chassis);
  });

  const firstPage = await main(page)
    .getByRole("link", { name: `Unit ${first.chassis}` })
    .getAttribute("href");

  await test.step("Delivered on the oldest unit's row", async () => {
    await page.getByRole("button", { name: `Delivered ${first.chassis}` }).click();
    await expect(toast(page, `${first.chassis} delivered. 2 left.`)).toBeVisible();
    await expect(shownQuantity(page)).toHaveText("2");
    await expect(unitsAt(page, MAIN)).toHaveCount(2);
    await expect(main(page).getByRole("link", { name: `Unit ${first.chassis}` })).toHaveCount(0);
  });

  await test.step("the delivered unit's page: where it was, and its story", async () => {
    await page.goto(firstPage!);
    await expect(page.getByRole("heading", { level: 1, name: "Unit" })).toBeVisible();
    await expect(main(page).getByRole("link", { name })).toHaveAttribute(
      "href",
      `/inventory/${id}`,
    );
    await expect(fact(main(page), "Status")).toHaveText("Delivered");
    await expect(fact(main(page), "Where")).toHaveText(MAIN);
    await expect(fact(main(page), "Engine number")).toHaveText(first.engine.replace("-", ""));
    const story = main(page).getByRole("region", { name: "History" }).locator("tbody tr");
    await expect(story).toHaveCount(2);
    await expect(story.nth(0)).toContainText(`Delivered 1 at ${MAIN}`);
    await expect(story.nth(1)).toContainText("Units tracked by chassis number");
  });
});

for (const size of SCREEN_SIZES) {
  test(`the Track units form, a tracked model's bike page with a hold form open and a unit page fit ${size.width} px and pass axe`, async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize(size);
    const { id, name } = await createBike(page, { quantity: "1" });
    await openDetail(page, id, name, 1);
    await page.getByRole("button", { name: "Track units" }).click();
    await expect(page.getByRole("group", { name: `Unit 1 at ${MAIN}` })).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(size.width);
    await expectNoSeriousA11yViolations(page);

    const unit = newUnit();
    await trackViaApi(page, id, [unit]);
    await openDetail(page, id, name, 1);
    await expect(unitsAt(page, MAIN)).toHaveCount(1);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(size.width);
    await expectNoSeriousA11yViolations(page);
    // The hold form open on the unit's row.
    await page.getByRole("button", { name: `Hold for a customer: ${unit.chassis}` }).click();
    await expect(
      page.getByRole("form", { name: `Hold ${unit.chassis} for a customer` }),
    ).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(size.width);
    await expectNoSeriousA11yViolations(page);

    await main(page)
      .getByRole("link", { name: `Unit ${unit.chassis}` })
      .click();
    await expect(main(page).getByRole("region", { name: "History" })).toBeVisible();
    await expect(fact(main(page), "Status")).toHaveText("In stock");
    expect(await scrollWidth(page)).toBeLessThanOrEqual(size.width);
    await expectNoSeriousA11yViolations(page);
  });
}
