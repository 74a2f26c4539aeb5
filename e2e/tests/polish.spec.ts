import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "../support/fixtures.ts";
import { main, navigation } from "../support/landmarks.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import {
  answerNextDialog,
  createBike,
  fetchBike,
  recordRequests,
  toast,
} from "../support/stock-helpers.ts";
import {
  DELIVERIES_PATH,
  deliveredButton,
  importButton,
  importInput,
  isPost,
  openDetail,
  STAFF_WORKFLOW_TIMEOUT,
} from "../support/stock-screens.ts";

/*
 * What makes the interface feel finished: a double-click that delivers once, toasts that never
 * pile up or cover the header and the buttons, focus that goes where the keyboard needs it.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

/** The toasts showing now (react-toastify's own elements, not those on their way out). */
const SHOWN_TOASTS = '.Toastify__toast[data-in="true"]';

/**
 * Records, from now on, the most toasts shown at any one moment; returns a reader. Counting
 * now and then would miss a moment, or a toast that has closed (after 5 s) before the count.
 */
async function recordMostToastsAtOnce(page: Page): Promise<() => Promise<number>> {
  await page.evaluate((selector) => {
    const record = window as unknown as { mostToasts: number };
    record.mostToasts = 0;
    new MutationObserver(() => {
      const shown = document.querySelectorAll(selector).length;
      record.mostToasts = Math.max(record.mostToasts, shown);
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  }, SHOWN_TOASTS);
  return () => page.evaluate(() => (window as unknown as { mostToasts: number }).mostToasts);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, "a box on screen").not.toBeNull();
  return found!;
}

/** Where the toasts showing now are, all read at one moment. */
const toastBoxes = (page: Page) =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)].map((shown) => {
        const { x, y, width, height } = shown.getBoundingClientRect();
        return { x, y, width, height };
      }),
    SHOWN_TOASTS,
  );

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("a fast double-click on Delivered delivers one unit and says so once", async ({
  signedInPage: page,
}) => {
  const { id, name } = await createBike(page, { quantity: "5" });
  await openDetail(page, id, name, 5);
  const deliveries = recordRequests(page, "POST", DELIVERIES_PATH);

  const answered = page.waitForResponse(isPost(DELIVERIES_PATH));
  // Both clicks in one task, as fast as any double-click: React has no chance to draw the
  // button disabled in between.
  await deliveredButton(page).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  expect((await answered).status()).toBe(200);
  await expect(toast(page, "One unit delivered. 4 left.")).toBeVisible();

  expect(deliveries).toHaveLength(1);
  expect((await fetchBike(page, id))?.quantity).toBe(4);
  await expect(page.getByRole("alert").filter({ hasText: "One unit delivered." })).toHaveCount(1);
  await expect(deliveredButton(page)).toBeEnabled();
});

test.describe("toasts", () => {
  for (const size of SCREEN_SIZES) {
    test(`at most three show at once, clear of the header, at ${size.width} px`, async ({
      signedInPage: page,
    }) => {
      await page.setViewportSize(size);
      const { id, name } = await createBike(page, { quantity: "5" });
      await openDetail(page, id, name, 5);

      // Five refusals in a row, each a toast of its own (nothing is sent).
      const mostAtOnce = await recordMostToastsAtOnce(page);
      await importInput(page).fill("-1");
      for (let click = 0; click < 5; click += 1) await importButton(page).click();
      await expect.poll(mostAtOnce).toBe(3);

      // Nothing of the header is under them; nor are the bike's buttons.
      const header = await box(page.getByRole("banner"));
      const buttons = [await box(deliveredButton(page)), await box(importButton(page))];
      const shown = await toastBoxes(page);
      expect(shown.length).toBeGreaterThan(0);
      for (const toastBox of shown) {
        expect(overlap(toastBox, header), "a toast over the header").toBe(false);
        for (const button of buttons) {
          expect(overlap(toastBox, button), "a toast over a button").toBe(false);
        }
      }
      // The two left waiting show as the first ones close, never more than three at once.
      await expect(
        page.getByRole("alert").filter({ hasText: "Please enter positive numbers!" }),
      ).toHaveCount(2, { timeout: 15_000 });
      expect(await mostAtOnce()).toBe(3);
    });
  }
});

test("after a failed login, focus is on the message saying why", async ({ page, pageErrors }) => {
  pageErrors.expect((text, url) => url.endsWith("/api/auth/sign-in/email") && text.includes("401"));
  await page.goto("/login");
  await page.getByLabel("Email address").fill("nobody@example.com");
  await page.getByLabel("Password").fill("not the password");
  await page.getByLabel("Password").press("Enter");

  const problem = page.getByRole("alert").filter({ hasText: "Invalid email or password" });
  await expect(problem).toBeVisible();
  await expect(problem).toBeFocused();
  // The next Tab leads on to the Login button, not back to the top of the page.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeFocused();
});

test("the skip link shows when focused, above the navbar, and takes focus to the content", async ({
  page,
}) => {
  await page.goto("/");
  await expect(navigation(page).getByRole("link", { name: "Home" })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport({ ratio: 1 });

  // Nothing paints over it: the topmost element at its middle is the link itself.
  const { x, y, width, height } = await box(skip);
  const topmost = await page.evaluate(
    ([left, top]) => document.elementFromPoint(left!, top!)?.textContent,
    [x + width / 2, y + height / 2],
  );
  expect(topmost).toBe("Skip to content");

  await page.keyboard.press("Enter");
  await expect(main(page)).toBeFocused();
  // From there, Tab goes on in the content: the banner's controls, in reading order.
  for (const control of ["Pause slides", "Previous slide", "Slide 1", "Slide 2", "Slide 3"]) {
    await page.keyboard.press("Tab");
    await expect(main(page).getByRole("button", { name: control, exact: true })).toBeFocused();
  }
  await page.keyboard.press("Tab");
  const next = main(page).getByRole("button", { name: "Next slide" });
  await expect(next).toBeFocused();
  // A ring the keyboard user can see.
  const ring = await next.evaluate((button) => getComputedStyle(button).outlineWidth);
  expect(parseFloat(ring)).toBeGreaterThanOrEqual(2);
});

test("Undo is the next thing the keyboard reaches after a delete", async ({
  signedInPage: page,
}) => {
  const { id, name } = await createBike(page, { quantity: "3" });
  await page.goto(`/manage-inventory?q=${encodeURIComponent(name)}`);
  const deleteButton = main(page).getByRole("button", { name: `Delete ${name}` });
  await deleteButton.focus();
  const accepted = answerNextDialog(page, true);
  await page.keyboard.press("Enter");
  expect(await accepted).toBe("confirm: Are you sure to delete?");

  const undo = toast(page, "Item Deleted!").getByRole("button", { name: `Undo delete of ${name}` });
  await expect(undo).toBeFocused();
  expect(await fetchBike(page, id)).toBeNull();
  await page.keyboard.press("Enter");
  await expect(toast(page, `Restored ${name}.`)).toBeVisible();
  // Focus is not dropped to the top of the document: it waits at the start of the content.
  await expect(main(page)).toBeFocused();
  expect(await fetchBike(page, id)).toMatchObject({ quantity: 3 });
});
