import { FEATURED_BIKE_COUNT } from "@ultimate-bikes/contract/bikes";
import { expect } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";

/*
 * Accessibility scans of the screens anyone sees, at a desktop's width and at a phone's: one
 * visitor's walk through them per width (a test of its own per screen spent most of its time
 * opening a browser and the app again, not scanning).
 */

// Seven screens, each opened and scanned: a walk's budget, as the staff screens' walk has.
test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

for (const size of SCREEN_SIZES) {
  test(`the public screens have no serious accessibility violations at ${size.width} px`, async ({
    page,
    pageErrors,
  }) => {
    await page.setViewportSize(size);

    await test.step("Home", async () => {
      await page.goto("/");
      await expect(
        page.getByRole("region", { name: "Featured Bikes" }).getByRole("article"),
      ).toHaveCount(FEATURED_BIKE_COUNT);
      // The map loads once its section nears the screen.
      await page.getByRole("region", { name: "Visit our warehouse" }).scrollIntoViewIfNeeded();
      await expect(page.locator(".leaflet-marker-icon")).toBeAttached();
      await expectNoSeriousA11yViolations(page);
    });

    await test.step("Inventory", async () => {
      await page.goto("/inventory");
      await expect(page.getByRole("article").first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    await test.step("Blog", async () => {
      await page.goto("/blog");
      await expect(page.getByRole("article")).toHaveCount(4);
      await expectNoSeriousA11yViolations(page);
    });

    await test.step("Login, then with a refused sign-in showing", async () => {
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

    await test.step("Register, reached from Login's link", async () => {
      await main(page)
        .getByRole("link", { name: "Don't have an account? Please register" })
        .click();
      await expect(main(page).getByRole("heading", { name: "Please Register" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    await test.step("Reset password, with an unusable link", async () => {
      await page.goto("/reset-password");
      await expect(main(page).getByText("This reset link is not valid.")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    await test.step("Not found", async () => {
      await page.goto("/some/unknown/path");
      await expect(page.getByText("Oops! Your searched result is not exist!")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
