import { expect, type Page } from "@playwright/test";
import { test } from "../support/fixtures.ts";
import { settleReact } from "../support/public-helpers.ts";

const captions = ["Trusted suppliers", "Inside the warehouse", "Our corporate office"];
const START = new Date("2030-01-01T09:00:00Z").getTime();

const carousel = (page: Page) => page.getByLabel("Ultimate Bikes at a glance");
const indicator = (page: Page, slide: number) =>
  carousel(page).getByRole("button", { name: `Slide ${slide}`, exact: true });

/** The slide shown: its indicator is current and its caption is the one visible. */
async function expectActiveSlide(page: Page, slide: number) {
  await expect(indicator(page, slide)).toHaveAttribute("aria-current", "true");
  await expect(carousel(page).getByRole("heading", { name: captions[slide - 1] })).toBeVisible();
}

/** Waits until the slide animation has ended, so the carousel has re-armed its timer. */
async function expectSlideSettled(page: Page, slide: number) {
  await expectActiveSlide(page, slide);
  for (const [index, caption] of captions.entries()) {
    if (index !== slide - 1) {
      await expect(carousel(page).getByRole("heading", { name: caption })).toBeHidden();
    }
  }
  await settleReact(page);
}

test.describe("Home banner carousel", () => {
  test.beforeEach(async ({ page }) => {
    // A paused fake clock from the first script on: only runFor moves the carousel's timer.
    await page.clock.install({ time: START });
    await page.clock.pauseAt(START + 1000);
    await page.goto("/");
    await expectSlideSettled(page, 1);
  });

  test("has three slides: suppliers, warehouse interior, corporate office", async ({ page }) => {
    await expect(carousel(page).getByRole("button", { name: /^Slide \d$/ })).toHaveCount(3);
    for (const [index, caption] of captions.entries()) {
      await expect(
        carousel(page).getByRole("heading", { level: 2, name: caption, includeHidden: true }),
      ).toHaveCount(1);
      await expect(indicator(page, index + 1)).toHaveAttribute(
        "aria-current",
        index === 0 ? "true" : "false",
      );
    }
  });

  test("advances every 5000 ms, not before", async ({ page }) => {
    await page.clock.runFor(4900);
    await settleReact(page);
    await expectActiveSlide(page, 1);

    await page.clock.runFor(100);
    await expectSlideSettled(page, 2);

    await page.clock.runFor(4900);
    await settleReact(page);
    await expectActiveSlide(page, 2);

    await page.clock.runFor(100);
    await expectSlideSettled(page, 3);

    // After the last slide it wraps round to the first.
    await page.clock.runFor(5000);
    await expectSlideSettled(page, 1);
  });

  test("pauses while the pointer is over it and resumes when it leaves", async ({ page }) => {
    await carousel(page).hover();
    await settleReact(page);
    await page.clock.runFor(12_000);
    await settleReact(page);
    await expectActiveSlide(page, 1);

    // Leave the carousel: the 5000 ms count starts again from here.
    await page.getByRole("banner").hover();
    await settleReact(page);
    await page.clock.runFor(4900);
    await settleReact(page);
    await expectActiveSlide(page, 1);
    await page.clock.runFor(100);
    await expectSlideSettled(page, 2);
  });
});
