import { FEATURED_BIKE_COUNT } from "@ultimate-bikes/contract/bikes";
import { expect } from "@playwright/test";
import { seedBikes } from "../../apps/server/src/db/seed-bikes.ts";
import { test } from "../support/fixtures.ts";
import { navigation } from "../support/landmarks.ts";
import { expectImageLoaded, fetchBikes, seedPriceText, usd } from "../support/public-helpers.ts";

test.describe("Home", () => {
  // What Home shows a visitor, on one load of it (the fixtures fail a test on any page error or
  // console error: scrolling to the footer and waiting for the network loads all of it).
  test("shows a visitor its title, navigation, numbers, about, featured bikes, map and footer, without errors", async ({
    page,
    request,
  }) => {
    await page.goto("/");

    await test.step("the page title and the signed-out navigation", async () => {
      await expect(page).toHaveTitle("Home- Ultimate Bikes");

      const nav = navigation(page);
      // In this order (the brand link to Home may sit in the same landmark).
      await expect(nav.getByRole("link", { name: /^(Home|Inventory|Blogs|Login)$/ })).toHaveText([
        "Home",
        "Inventory",
        "Blogs",
        "Login",
      ]);
      const targets = { Home: "/", Inventory: "/inventory", Blogs: "/blog", Login: "/login" };
      for (const [name, href] of Object.entries(targets)) {
        await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      }
      await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(
        nav.getByRole("link", { name: /manage inventory|add new item|my item/i }),
      ).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
    });

    await test.step("the four statistics", async () => {
      const statistics = page.getByRole("region", { name: "Ultimate Bikes in numbers" });
      await expect(statistics.getByRole("definition")).toHaveText([
        "1M+",
        "30+",
        "5 acres",
        "100+",
      ]);
      await expect(statistics.getByRole("term")).toHaveText([
        "Active customers",
        "Import companies",
        "Of warehouse",
        "Showrooms",
      ]);
    });

    await test.step("the about section with its picture", async () => {
      const about = page.getByRole("region", { name: "About Ultimate Bikes" });
      await expect(
        about.getByRole("heading", { level: 2, name: "About Ultimate Bikes" }),
      ).toBeVisible();
      await expect(about.getByText(/import motorbikes/)).toBeVisible();
      await expectImageLoaded(about.getByRole("img"));
    });

    await test.step("exactly the first six bikes of the list, each card complete", async () => {
      const bikes = (await fetchBikes(request)).slice(0, FEATURED_BIKE_COUNT);
      expect(bikes).toHaveLength(6);

      const featured = page.getByRole("region", { name: "Featured Bikes" });
      const cards = featured.getByRole("list", { name: "Bikes" }).getByRole("article");
      await expect(cards).toHaveCount(FEATURED_BIKE_COUNT);

      for (const [index, bike] of bikes.entries()) {
        const card = cards.nth(index);
        await expect(card).toHaveAccessibleName(bike.name);
        await expect(card.getByRole("heading", { level: 3 })).toHaveText(bike.name);
        const photo = card.getByRole("img", { name: bike.name, exact: true });
        await expect(photo).toHaveAttribute("src", bike.photo);
        await expectImageLoaded(photo);
        await expect(card.getByText(bike.des, { exact: true })).toBeVisible();
        await expect(card.getByRole("term")).toHaveText([
          "Price",
          "Quantity",
          "Supplier",
          "Stock number",
        ]);
        // Quantities may move under other specs, but only by deliveries between the two reads.
        await expect(card.getByRole("definition")).toHaveText([
          usd(bike.price),
          String(bike.quantity),
          bike.supplierName,
          bike.stockNumber!,
        ]);
        await expect(card.getByRole("button", { name: "Update Now" })).toBeVisible();

        // A seeded bike's price never changes: check the formatting against the seed's own text.
        const seed = seedBikes.find((candidate) => candidate.name === bike.name);
        if (seed) {
          await expect(card.getByRole("definition").first()).toHaveText(seedPriceText(seed.price));
        }
      }
    });

    await test.step("the footer with the five cities, social links and copyright", async () => {
      const footer = page.getByRole("contentinfo");
      for (const city of ["Dhaka", "Khulna", "Rajshahi", "Chittagong", "Sylhet"]) {
        await expect(footer.getByRole("listitem").filter({ hasText: city })).toHaveText(city);
      }
      const social = {
        Facebook: "https://www.facebook.com/",
        Instagram: "https://www.instagram.com/",
        YouTube: "https://www.youtube.com/",
        LinkedIn: "https://www.linkedin.com/",
      };
      for (const [name, href] of Object.entries(social)) {
        const link = footer.getByRole("link", { name });
        await expect(link).toHaveAttribute("href", href);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", /noopener/);
      }
      await expect(footer.getByText(`© ${new Date().getFullYear()} Ultimate Bikes`)).toBeVisible();
    });

    await test.step("the map, and no uncaught errors or console errors down to the footer", async () => {
      await expect(
        page.getByRole("region", { name: "Featured Bikes" }).getByRole("article"),
      ).toHaveCount(FEATURED_BIKE_COUNT);
      // The map loads once its section nears the screen.
      await page.getByRole("region", { name: "Visit our warehouse" }).scrollIntoViewIfNeeded();
      await expect(page.locator(".leaflet-marker-icon")).toBeVisible();
      await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
      await page.waitForLoadState("networkidle");
    });
  });

  test("“Update Now” leads a signed-out visitor to /inventory/{id}, then to Login", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const bikes = (await fetchBikes(request)).slice(0, FEATURED_BIKE_COUNT);
    const cards = page
      .getByRole("region", { name: "Featured Bikes" })
      .getByRole("list", { name: "Bikes" })
      .getByRole("article");
    await expect(cards).toHaveCount(FEATURED_BIKE_COUNT);
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });

    for (const bike of bikes) {
      visited.length = 0;
      await cards
        .filter({ has: page.getByRole("heading", { name: bike.name, exact: true }) })
        .getByRole("button", { name: "Update Now" })
        .click();
      // The bike page needs a signed-in user (docs/product.md, Screens): the guard sends
      // visitors to Login.
      await expect(page).toHaveURL("/login");
      await expect(page.getByRole("heading", { name: "Please Login" })).toBeVisible();
      expect(visited).toContain(`/inventory/${bike._id}`);
      // The guard replaced the bike page in history: Back returns to Home.
      await page.goBack();
      await expect(page).toHaveURL("/");
    }
  });

  test("“Update Now” opens each featured bike's page for a signed-in user", async ({
    signedInPage: page,
    request,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    const bikes = (await fetchBikes(request)).slice(0, FEATURED_BIKE_COUNT);
    const cards = page
      .getByRole("region", { name: "Featured Bikes" })
      .getByRole("list", { name: "Bikes" })
      .getByRole("article");
    await expect(cards).toHaveCount(FEATURED_BIKE_COUNT);

    for (const bike of bikes) {
      await cards
        .filter({ has: page.getByRole("heading", { name: bike.name, exact: true }) })
        .getByRole("button", { name: "Update Now" })
        .click();
      await expect(page).toHaveURL(`/inventory/${bike._id}`);
      await expect(page.getByRole("heading", { level: 1, name: "Update Now" })).toBeVisible();
      await expect(page.getByRole("heading", { name: bike.name, exact: true })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL("/");
    }
  });
});
