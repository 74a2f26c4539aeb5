import { expect, type Page } from "@playwright/test";
import { inviteBaseURL } from "../playwright.config.ts";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { main, navigation } from "../support/landmarks.ts";
import { openOtherBrowser, signInAsAdmin } from "../support/people.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";

/*
 * Moving between screens (docs/product.md, Navigation bar and Route guard): where a new screen
 * opens, the staff's Stock menu and Scan, and what a visitor sent to Login reads.
 */

const [DESKTOP, PHONE] = SCREEN_SIZES;

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test("after a scrolled page a new screen opens at its top, and Back returns to the scrolled place", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/inventory");
  const cards = main(page).getByRole("list", { name: "Bikes" }).getByRole("article");
  await expect(cards.nth(5)).toBeVisible();
  // Well down the list, as someone looking for a bike would be.
  const updateNow = cards.nth(5).getByRole("button", { name: "Update Now" });
  await updateNow.scrollIntoViewIfNeeded();
  const scrolled = await scrollY(page);
  expect(scrolled).toBeGreaterThan(1000);

  await updateNow.click();
  // Signed out, the bike's page sends the visitor to Login, whose form is in the first screen.
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Please Login" })).toBeInViewport();
  await expect(page.getByLabel("Email address")).toBeInViewport();
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL("/inventory");
  await expect.poll(() => scrollY(page)).toBe(scrolled);
  await expect(updateNow).toBeInViewport();
});

test("a visitor who opens the dashboard reaches Login, told why, and no API call is refused first", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/api/") && response.status() === 401) refused.push(url.pathname);
  });
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Please Login" })).toBeVisible();
  await expect(main(page).getByText("Sign in to continue to Dashboard")).toBeVisible();
  expect(refused).toEqual([]);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page);
  }

  // Opened from the navigation bar, Login has nothing to explain.
  await page.goto("/");
  await navigation(page).getByRole("link", { name: "Login" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Please Login" })).toBeVisible();
  await expect(main(page).getByText(/Sign in to continue/)).toHaveCount(0);
});

test.describe("the admin's navigation bar", () => {
  test.use({ baseURL: inviteBaseURL });
  // One after the other: both sign the invite server's one admin up, which may not run twice at once.
  test.describe.configure({ mode: "serial" });

  test("fits one line at 1280 px, with the stock screens in a Stock menu the keyboard opens", async ({
    browser,
  }) => {
    const admin = await openOtherBrowser(browser);
    const { page } = admin;
    await page.setViewportSize(DESKTOP);
    await signInAsAdmin(page);
    await page.goto("/");
    const nav = navigation(page);
    const stock = nav.getByRole("button", { name: "Stock" });
    const adminMenu = nav.getByRole("button", { name: "Admin" });
    await expect(adminMenu).toBeVisible();
    await expect(stock).toBeVisible();
    await expect(nav.getByRole("link", { name: "Scan" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();

    // One line: no link's words wrap, each sits in the same row, and the row ends inside the bar.
    const bar = await page.locator("#main-navigation .navbar-nav").evaluate((list) => {
      const items = [...list.children].map((item) => {
        const target = item.matches("a, button") ? item : item.querySelector("button")!;
        const words = document.createRange();
        words.selectNodeContents(target);
        const lineTops = new Set([...words.getClientRects()].map(({ top }) => Math.round(top)));
        const { top, bottom } = item.getBoundingClientRect();
        return { text: target.textContent, lines: lineTops.size, middle: (top + bottom) / 2 };
      });
      const container = list.closest(".container")!.getBoundingClientRect();
      return { items, overflow: list.getBoundingClientRect().right - container.right };
    });
    for (const { text, lines } of bar.items) expect(lines, text ?? "").toBe(1);
    const middles = bar.items.map(({ middle }) => middle);
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(4);
    expect(bar.overflow).toBeLessThanOrEqual(0);

    await stock.focus();
    await page.keyboard.press("Enter");
    await expect(stock).toHaveAttribute("aria-expanded", "true");
    const items = [
      "Manage Inventory",
      "Ledger",
      "Transfers",
      "Labels",
      "CSV import and export",
      "Recently deleted",
    ];
    for (const name of items) await expect(nav.getByRole("link", { name })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("ArrowDown");
    await expect(nav.getByRole("link", { name: "Manage Inventory" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(stock).toHaveAttribute("aria-expanded", "false");
    await expect(stock).toBeFocused();

    await stock.click();
    await nav.getByRole("link", { name: "Ledger" }).click();
    await expect(page).toHaveURL("/movements");
    await expect(page.getByRole("heading", { level: 1, name: "Ledger" })).toBeVisible();
    // The menu closed, and it shows where the person is.
    await expect(nav.getByRole("link", { name: "Ledger" })).toBeHidden();
    await expect(stock).toHaveClass(/\bactive\b/);

    // People and Backups, the admins' own screens, are in the Admin menu.
    await adminMenu.click();
    await expect(nav.getByRole("link", { name: "People" })).toBeVisible();
    await nav.getByRole("link", { name: "Backups" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Make a backup now" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await admin.close();
  });

  test("on a phone, Scan is one tap into the menu, and the Stock menu opens inside it", async ({
    browser,
  }) => {
    const admin = await openOtherBrowser(browser);
    const { page } = admin;
    await page.setViewportSize(PHONE);
    await signInAsAdmin(page);
    await page.goto("/");
    const nav = navigation(page);
    await page.getByRole("button", { name: "Toggle navigation" }).click();
    await expect(nav.getByRole("link", { name: "Scan" })).toBeVisible();

    const stock = nav.getByRole("button", { name: "Stock" });
    await stock.click();
    // The menu stays open, the stock screens listed in it.
    await expect(nav.getByRole("link", { name: "Recently deleted" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Scan" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await stock.click();

    await nav.getByRole("link", { name: "Scan" }).click();
    await expect(page).toHaveURL("/scan");
    await expect(page.getByRole("heading", { level: 1, name: "Scan a label" })).toBeInViewport();
    await expect(nav.getByRole("link", { name: "Scan" })).toBeHidden();
    await admin.close();
  });
});
