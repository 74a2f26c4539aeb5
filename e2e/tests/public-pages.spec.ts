import { STOCK_PAGE_DEFAULT, stockPageSchema } from "@ultimate-bikes/contract/stock";
import { expect } from "@playwright/test";
import { test } from "../support/fixtures.ts";
import { main, navigation } from "../support/landmarks.ts";
import { expectImageLoaded, scrollWidth, usd } from "../support/public-helpers.ts";
import { isMissingBikeError } from "../support/stock-helpers.ts";
import { resultCount } from "../support/stock-search.ts";

test.describe("Inventory (/inventory)", () => {
  test("has its title, the count and the first page of the stock, oldest first", async ({
    page,
    request,
  }) => {
    await page.goto("/inventory");
    await expect(page).toHaveTitle("Inventory- Ultimate Bikes");
    await expect(
      navigation(page).getByRole("link", { name: "Inventory", exact: true }),
    ).toHaveAttribute("aria-current", "page");

    const cards = main(page).getByRole("list", { name: "Bikes" }).getByRole("article");
    // The page asks for the same first page; a page at a time, never the whole stock.
    const firstPage = async () => {
      const response = await request.get(`/api/stock?sort=created&limit=${STOCK_PAGE_DEFAULT}`);
      expect(response.status()).toBe(200);
      return stockPageSchema.parse(await response.json());
    };
    // Other specs may add or delete bikes meanwhile: if the page and a fresh read of the API
    // disagree, reload and compare again.
    let attempt = 0;
    await expect(async () => {
      if (attempt++ > 0) await page.reload();
      const { items, total } = await firstPage();
      await expect(cards.getByRole("heading", { level: 2 })).toHaveText(
        items.map((bike) => bike.name),
        { timeout: 2_000 },
      );
      await expect(resultCount(page)).toHaveText(`${total} bikes`, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    const [first] = (await firstPage()).items;
    if (first) {
      const card = cards.filter({
        has: page.getByRole("heading", { name: first.name, exact: true }),
      });
      await expect(card.getByRole("definition").first()).toHaveText(usd(first.price));
      await expect(card.getByRole("button", { name: "Update Now" })).toBeVisible();
    }
  });
});

test.describe("Blog (/blog)", () => {
  test("shows the heading and the four articles", async ({ page }) => {
    await page.goto("/blog");
    await expect(page).toHaveTitle(/- Ultimate Bikes$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Here are some of my latest BLOGS" }),
    ).toBeVisible();

    const articles = main(page).getByRole("article");
    await expect(articles).toHaveCount(4);
    const titles = main(page).getByRole("heading", { level: 2 });
    await expect(titles).toHaveCount(4);
    // JavaScript versus Node, Node with a document database, SQL versus NoSQL, signed tokens.
    await expect(titles).toHaveText([/JavaScript.*Node/, /Node.*MongoDB/, /SQL.*NoSQL/, /Token/]);
    for (let index = 0; index < 4; index += 1) {
      await expect(articles.nth(index).getByRole("paragraph").first()).not.toBeEmpty();
    }
  });
});

test.describe("Not found", () => {
  test("an unknown path shows the not-found screen with its picture", async ({ page }) => {
    await page.goto("/some/unknown/path");
    await expect(page.getByText("Oops! Your searched result is not exist!")).toBeVisible();
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    const image = main(page).getByRole("img");
    await expect(image).toBeVisible();
    await expectImageLoaded(image);
    // Header and footer still frame the screen.
    await expect(navigation(page)).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  // The bike page is for signed-in users (docs/product.md, Screens), so sign in to reach it.
  test("an unknown bike id shows a not-found message, not a crash", async ({
    signedInPage: page,
    pageErrors,
  }) => {
    // The API's 404 for the bike is expected; the browser logs it as a failed resource.
    pageErrors.expect(isMissingBikeError);
    await page.goto("/inventory/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: /not in the warehouse/i })).toBeVisible();
    await expect(page.getByRole("link", { name: /back to the inventory/i })).toHaveAttribute(
      "href",
      "/inventory",
    );
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});

test.describe("Phone width (375×740)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  // Screen-reader users are told whether the menu is open (WCAG 4.1.2).
  test("Home renders, the navigation collapses behind a toggle that says whether it is open, nothing scrolls sideways", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Home- Ultimate Bikes");
    await expect(page.getByRole("heading", { name: "Featured Bikes" })).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();

    const nav = navigation(page);
    const toggle = page.getByRole("button", { name: "Toggle navigation" });
    await expect(toggle).toBeVisible();
    await expect(nav.getByRole("link", { name: "Inventory" })).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false", { timeout: 2_000 });

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 2_000 });
    for (const name of ["Home", "Inventory", "Blogs", "Login"]) {
      await expect(nav.getByRole("link", { name })).toBeVisible();
    }
    await nav.getByRole("link", { name: "Blogs" }).click();
    await expect(page).toHaveURL("/blog");
    // Choosing a link closes the menu again.
    await expect(nav.getByRole("link", { name: "Inventory" })).toBeHidden();

    await page.goto("/");
    // The map loads once its section nears the screen.
    await page.getByRole("region", { name: "Visit our warehouse" }).scrollIntoViewIfNeeded();
    await expect(page.locator(".leaflet-marker-icon")).toBeAttached();
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
  });
});
