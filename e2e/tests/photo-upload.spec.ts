import { expect, type Page } from "@playwright/test";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { createBike, fetchBike, toast } from "../support/stock-helpers.ts";
import { bikeCard, STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";

/*
 * Uploading a bike's photo (issue 13) on Add New item and Edit: the upload fills in the photo url,
 * and the card shows the photo the server resized.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

/** A real PNG: a shot of the page's top corner. */
const pngOf = (page: Page) => page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });

const photoFile = (page: Page) => main(page).getByLabel("Or upload a photo");

async function loadedSizeOf(page: Page, name: string) {
  const image = bikeCard(page, name).getByRole("img", { name });
  await expect(image).toHaveAttribute("src", /\/images\/uploads\/[0-9a-f-]{36}\.webp$/);
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate((element: HTMLImageElement) => element.naturalWidth);
}

test("a photo uploaded on Add New item shows on the bike's card", async ({
  signedInPage: page,
}) => {
  await page.goto("/add-new");
  const name = `Uploaded ${Math.random().toString(36).slice(2, 8)}`;
  const form = main(page);
  await form.getByLabel("Name", { exact: true }).fill(name);
  await photoFile(page).setInputFiles({
    name: "bike.png",
    mimeType: "image/png",
    buffer: await pngOf(page),
  });
  await expect(form.getByRole("img", { name: "The photo this bike will have" })).toBeVisible();
  await expect(form.getByLabel("Photo url")).toHaveValue(
    /^\/images\/uploads\/[0-9a-f-]{36}\.webp$/,
  );
  await form.getByLabel("Description").fill("Photographed in the yard.");
  await form.getByLabel("Price (USD)").fill("3200");
  await form.getByLabel("Quantity").fill("2");
  await form.getByLabel("Supplier name").fill("Camera Imports");
  await form.getByRole("button", { name: "Add Now" }).click();
  await expect(toast(page, "Your Import Item added")).toBeVisible();

  await page.goto("/my-item");
  expect(await loadedSizeOf(page, name)).toBeGreaterThanOrEqual(400);
});

test("a file that is not a photo is refused with the reason, and the photo url stays", async ({
  signedInPage: page,
  pageErrors,
}) => {
  pageErrors.expect((text, url) => url.endsWith("/api/photos") && text.includes("400"));
  await page.goto("/add-new");
  await photoFile(page).setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("these are not pixels"),
  });
  await expect(
    main(page).getByText(
      "The photo is not an image this warehouse can show: use a JPEG, PNG or WebP photo.",
    ),
  ).toBeVisible();
  await expect(main(page).getByLabel("Photo url")).toHaveValue("");
  await photoFile(page).setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("x"),
  });
  await expect(main(page).getByText("This file is not a JPEG, PNG or WebP photo.")).toBeVisible();
});

test("a photo uploaded on Edit replaces the bike's photo", async ({ signedInPage: page }) => {
  const { id, name } = await createBike(page);
  await page.goto(`/inventory/${id}/edit`);
  await photoFile(page).setInputFiles({
    name: "new.png",
    mimeType: "image/png",
    buffer: await pngOf(page),
  });
  await expect(main(page).getByLabel("Photo url")).toHaveValue(/^\/images\/uploads\//);
  await main(page).getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Bike updated")).toBeVisible();
  expect((await fetchBike(page, id))?.photo).toMatch(/\/images\/uploads\/[0-9a-f-]{36}\.webp$/);
  await page.goto("/my-item");
  expect(await loadedSizeOf(page, name)).toBeGreaterThan(0);
});
