import { FEATURED_BIKE_COUNT } from "@ultimate-bikes/contract/bikes";
import { expect } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";

/* Accessibility scans of the screens anyone sees, at a desktop's width and at a phone's. */

for (const size of SCREEN_SIZES) {
  test.describe(`Accessibility of the public screens at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("Home has no serious violations", async ({ page }) => {
      await page.goto("/");
      await expect(
        page.getByRole("region", { name: "Featured Bikes" }).getByRole("article"),
      ).toHaveCount(FEATURED_BIKE_COUNT);
      // The map loads once its section nears the screen.
      await page.getByRole("region", { name: "Visit our warehouse" }).scrollIntoViewIfNeeded();
      await expect(page.locator(".leaflet-marker-icon")).toBeAttached();
      await expectNoSeriousA11yViolations(page);
    });

    test("Inventory has no serious violations", async ({ page }) => {
      await page.goto("/inventory");
      await expect(page.getByRole("article").first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test("Blog has no serious violations", async ({ page }) => {
      await page.goto("/blog");
      await expect(page.getByRole("article")).toHaveCount(4);
      await expectNoSeriousA11yViolations(page);
    });

    test("Login, with a refused sign-in showing, has no serious violations", async ({
      page,
      pageErrors,
    }) => {
      await page.goto("/login");
      await expect(main(page).getByRole("heading", { name: "Please Login" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      pageErrors.expect(
        (text, url) => url.endsWith("/api/auth/sign-in/email") && text.includes("401"),
      );
      await page.getByLabel("Email address").fill("nobody@example.com");
      await page.getByLabel("Password").fill("not the password");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect(page.getByText("Invalid email or password")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test("Register has no serious violations", async ({ page }) => {
      await page.goto("/register");
      await expect(main(page).getByRole("heading", { name: "Please Register" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test("Reset password, with an unusable link, has no serious violations", async ({ page }) => {
      await page.goto("/reset-password");
      await expect(main(page).getByText("This reset link is not valid.")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test("Not-found has no serious violations", async ({ page }) => {
      await page.goto("/some/unknown/path");
      await expect(page.getByText("Oops! Your searched result is not exist!")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
