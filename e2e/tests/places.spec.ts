import { expect } from "@playwright/test";
import { inviteBaseURL } from "../playwright.config.ts";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { signInAsAdmin } from "../support/people.ts";
import { scrollWidth } from "../support/public-helpers.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { toast } from "../support/stock-helpers.ts";

/*
 * Places (issue 23), on the invite server, whose configured admin manages them: on a phone, an
 * admin adds a showroom, renames it and archives it.
 */

test.use({ baseURL: inviteBaseURL });

const PHONE = SCREEN_SIZES[1];

test("an admin on a phone adds a showroom, renames it and archives it", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAsAdmin(page);
  await page.goto("/places");
  await expect(page).toHaveTitle("Places- Ultimate Bikes");
  const places = main(page).getByRole("list", { name: "Places" });
  await expect(places.getByRole("article", { name: /^Main warehouse/ })).toBeVisible();

  const suffix = Date.now().toString(36);
  const name = `Bogura showroom ${suffix}`;
  await main(page).getByRole("button", { name: "Add place" }).click();
  await main(page).getByLabel("Name").fill(name);
  await main(page).getByLabel("Kind").selectOption("Showroom");
  await main(page).getByLabel("City").fill("Bogura");
  await main(page).getByLabel("Address (optional)").fill("Satmatha, Bogura 5800");
  await expectNoSeriousA11yViolations(page);
  await main(page).getByRole("button", { name: "Add place" }).click();
  await expect(toast(page, `${name} is added.`)).toBeVisible();
  const added = places.getByRole("article", { name });
  await expect(added).toContainText("Showroom in Bogura: 0 units");

  const renamed = `Bogura Satmatha showroom ${suffix}`;
  await added.getByRole("button", { name: `Edit ${name}` }).click();
  await main(page).getByLabel("Name").fill(renamed);
  await main(page).getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, `${renamed} is saved.`)).toBeVisible();

  const showroom = places.getByRole("article", { name: new RegExp(`^${renamed}`) });
  await showroom.getByRole("button", { name: `Archive ${renamed}` }).click();
  await expect(toast(page, `${renamed} is archived.`)).toBeVisible();
  await expect(showroom).toContainText("Archived");
  await expect(showroom.getByRole("button", { name: `Bring back ${renamed}` })).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
});
