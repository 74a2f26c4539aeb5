import { expect, type Page } from "@playwright/test";
import { main } from "./landmarks.ts";

/** What the stock screens show, and the few steps on them that several stock specs take. */

export const shownQuantity = (page: Page) => page.getByTestId("bike-quantity");
export const deliveredButton = (page: Page) => page.getByRole("button", { name: "Delivered" });
export const importInput = (page: Page) =>
  page.getByRole("spinbutton", { name: "Units to import" });
export const importButton = (page: Page) =>
  page.getByRole("button", { name: "Import", exact: true });
export const movementRows = (page: Page) =>
  page.getByRole("region", { name: "Recent stock movements" }).locator("tbody tr");
export const bikeCard = (page: Page, name: string) => main(page).getByRole("article", { name });

/** Matches a response to a POST whose path matches, for `page.waitForResponse`. */
export const isPost =
  (path: RegExp) => (response: { url(): string; request(): { method(): string } }) =>
    response.request().method() === "POST" && path.test(new URL(response.url()).pathname);

export const DELIVERIES_PATH = /\/api\/bikes\/[^/]+\/deliveries$/;
export const IMPORTS_PATH = /\/api\/bikes\/[^/]+\/imports$/;

/** Opens a bike's detail page and waits until it shows the bike with this quantity. */
export async function openDetail(page: Page, id: string, name: string, quantity: number) {
  await page.goto(`/inventory/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Update Now" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name}- Ultimate Bikes`);
  await expect(shownQuantity(page)).toHaveText(String(quantity));
}

/** Clicks Delivered and returns the quantity the server answered with. */
export async function deliverOne(page: Page): Promise<number> {
  const answered = page.waitForResponse(isPost(DELIVERIES_PATH));
  await deliveredButton(page).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  return ((await response.json()) as { quantity: number }).quantity;
}

/**
 * Each stock test is a whole staff workflow (sign-up, several round trips, a scan); on a busy
 * shared machine some take over 40 s, so they get twice the default budget.
 */
export const STAFF_WORKFLOW_TIMEOUT = 120_000;
