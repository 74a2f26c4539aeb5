import { expect, type Page, type TestInfo } from "@playwright/test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { openPeopleAsAdmin } from "../support/people.ts";
import { answerNextDialog, createBike, isMissingBikeError } from "../support/stock-helpers.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";

/*
 * A full-page screenshot of every screen at a desktop and a phone width, attached to the run
 * (they land in Playwright's outputDir, the work tree's test-results/e2e/, which CI keeps). They
 * are for people to look at, not compared with anything: a test fails only if a screen does not
 * show.
 */

/** Lazy photos below the fold load too, so the picture shows the whole page as people see it. */
async function loadEveryImage(page: Page) {
  await page.evaluate(() => {
    for (const image of document.images) image.loading = "eager";
  });
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((image) => image.complete)))
    .toBe(true);
}

/**
 * Attaches a screenshot. Playwright copies an attached file into the test's folder of outputDir
 * (attachments/), so it is taken into a scratch folder first, not kept twice.
 */
async function attachScreenshot(
  page: Page,
  testInfo: TestInfo,
  screen: string,
  { fullPage = true } = {},
) {
  const name = `${screen}-${page.viewportSize()?.width}px`;
  const scratch = await mkdtemp(path.join(tmpdir(), "screenshot-"));
  const file = path.join(scratch, `${name}.png`);
  try {
    // Animations are run to their end for a still page; not with toasts showing, whose timer
    // bars are animations, and which would close.
    await page.screenshot({ path: file, fullPage, animations: fullPage ? "disabled" : "allow" });
    await testInfo.attach(name, { path: file, contentType: "image/png" });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function snap(page: Page, testInfo: TestInfo, screen: string) {
  await loadEveryImage(page);
  await attachScreenshot(page, testInfo, screen);
}

const heading = (page: Page, name: string) =>
  main(page).getByRole("heading", { level: 1, name, exact: true });

for (const size of SCREEN_SIZES) {
  test.describe(`every screen at ${size.width} px`, () => {
    test.use({ viewport: size });
    test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

    test("the public screens", async ({ page, pageErrors }, testInfo) => {
      await page.goto("/");
      await expect(main(page).getByRole("article")).toHaveCount(6);
      // The map loads once its section nears the screen.
      await page.getByRole("region", { name: "Visit our warehouse" }).scrollIntoViewIfNeeded();
      await expect(page.locator(".leaflet-marker-icon")).toBeAttached();
      await snap(page, testInfo, "home");

      // The keyboard's way in: the skip link, then a focus ring on the dark navbar.
      await page.keyboard.press("Tab");
      await attachScreenshot(page, testInfo, "skip-link", { fullPage: false });
      await page.keyboard.press("Tab");
      await attachScreenshot(page, testInfo, "focus-ring", { fullPage: false });

      // Inventory while its bikes load (the answer held back), then with them.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/stock?*", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/inventory");
      await expect(
        main(page).getByRole("status").filter({ hasText: "Loading bikes…" }),
      ).toBeAttached();
      await attachScreenshot(page, testInfo, "inventory-loading", { fullPage: false });
      release();
      await expect(main(page).getByRole("article").first()).toBeVisible();
      await page.unrouteAll();
      await snap(page, testInfo, "inventory");

      await page.goto("/blog");
      await expect(main(page).getByRole("article")).toHaveCount(4);
      await snap(page, testInfo, "blog");

      await page.goto("/login");
      await expect(heading(page, "Please Login")).toBeVisible();
      await snap(page, testInfo, "login");

      await page.goto("/register");
      await expect(heading(page, "Please Register")).toBeVisible();
      await snap(page, testInfo, "register");

      await page.goto("/reset-password");
      await expect(heading(page, "Choose a new password")).toBeVisible();
      await snap(page, testInfo, "reset-password");

      await page.goto("/no/such/page");
      await expect(heading(page, "Oops! Your searched result is not exist!")).toBeVisible();
      await snap(page, testInfo, "not-found");

      // What a refused sign-in looks like.
      pageErrors.expect(
        (text, url) => url.endsWith("/api/auth/sign-in/email") && text.includes("401"),
      );
      await page.goto("/login");
      await page.getByLabel("Email address").fill("nobody@example.com");
      await page.getByLabel("Password").fill("not the password");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect(page.getByText("Invalid email or password")).toBeVisible();
      await snap(page, testInfo, "login-refused");
    });

    test("the signed-in screens", async ({ signedInPage: page, pageErrors }, testInfo) => {
      const { id, name } = await createBike(page, { quantity: "3" });
      const gone = await createBike(page, { quantity: "2" });
      expect((await page.request.delete(`/api/bikes/${gone.id}`)).status()).toBe(200);

      await page.goto(`/inventory/${id}`);
      await expect(main(page).getByRole("heading", { level: 2, name })).toBeVisible();
      await expect(
        main(page).getByRole("region", { name: "Recent stock movements" }),
      ).toBeVisible();
      await snap(page, testInfo, "bike");

      await page.goto("/manage-inventory");
      await expect(
        main(page)
          .getByRole("button", { name: /^Delete / })
          .first(),
      ).toBeVisible();
      await snap(page, testInfo, "manage-inventory");

      await page.goto("/add-new");
      await expect(heading(page, "Add Your own Bike")).toBeVisible();
      await snap(page, testInfo, "add-new");
      await page.getByRole("button", { name: "Add Now" }).click();
      await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
      await snap(page, testInfo, "add-new-refused");

      await page.goto("/my-item");
      await expect(main(page).getByRole("article", { name })).toBeVisible();
      await snap(page, testInfo, "my-items");

      await page.goto("/recently-deleted");
      await expect(main(page).getByText(gone.name).first()).toBeVisible();
      await snap(page, testInfo, "recently-deleted");

      pageErrors.expect(isMissingBikeError);
      await page.goto(`/inventory/${gone.id}`);
      await expect(
        main(page).getByRole("heading", { name: "This bike is not in the warehouse" }),
      ).toBeVisible();
      await snap(page, testInfo, "bike-not-found");

      // Three toasts at once, where they sit over the page.
      await page.goto(`/inventory/${id}`);
      for (const left of [2, 1, 0]) {
        await page.getByRole("button", { name: "Delivered" }).click();
        // In view: done sliding in.
        await expect(page.getByRole("alert").filter({ hasText: `${left} left.` })).toBeInViewport({
          ratio: 1,
        });
      }
      await attachScreenshot(page, testInfo, "toasts", { fullPage: false });

      // The toast after a delete, with Undo, over Manage Inventory.
      const deleted = await createBike(page);
      await page.goto(`/manage-inventory?q=${encodeURIComponent(deleted.name)}`);
      const accepted = answerNextDialog(page, true);
      await main(page)
        .getByRole("button", { name: `Delete ${deleted.name}` })
        .click();
      await accepted;
      await expect(
        page.getByRole("button", { name: `Undo delete of ${deleted.name}` }),
      ).toBeInViewport({ ratio: 1 });
      await attachScreenshot(page, testInfo, "undo-toast", { fullPage: false });
    });

    test("People, as an admin", async ({ browser }, testInfo) => {
      const admin = await openPeopleAsAdmin(browser, size);
      await snap(admin.page, testInfo, "people");
      await admin.close();
    });
  });
}
