import {
  bikeSchema,
  itemListSchema,
  type Bike,
  type Item,
  type NewBikeInput,
} from "@ultimate-bikes/contract/bikes";
import { expect, type Locator, type Page } from "@playwright/test";
import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";

/**
 * Adds a bike owned by the page's signed-in user through the API (never touching the seeded
 * stock other specs read). A test passes the fields it relies on. Returns its id and name.
 */
export async function createBike(page: Page, fields: Partial<NewBikeInput> = {}) {
  const bike = newBikeBody(fields);
  const response = await page.request.post("/api/bikes", { data: bike });
  expect(response.status(), await response.text()).toBe(201);
  const { insertedId } = (await response.json()) as { insertedId: string };
  return { id: insertedId, name: bike.name };
}

/** The bike as the server has it now, or null once it is gone (404). */
export async function fetchBike(page: Page, id: string): Promise<Bike | null> {
  const response = await page.request.get(`/api/bikes/${id}`);
  if (response.status() === 404) return null;
  expect(response.status()).toBe(200);
  return bikeSchema.parse(await response.json());
}

/** Changes the stock behind the page's back, as another member of staff would. */
export async function deliverViaApi(page: Page, id: string): Promise<Bike> {
  const response = await page.request.post(`/api/bikes/${id}/deliveries`);
  expect(response.status(), await response.text()).toBe(200);
  return bikeSchema.parse(await response.json());
}

export async function importViaApi(page: Page, id: string, amount: number): Promise<Bike> {
  const response = await page.request.post(`/api/bikes/${id}/imports`, { data: { amount } });
  expect(response.status(), await response.text()).toBe(200);
  return bikeSchema.parse(await response.json());
}

/**
 * The bearer token the app keeps in local storage. The app asks for it (POST /api/login) after
 * its first paint once the session is known, so this waits until it has been stored.
 */
export async function storedAccessToken(page: Page): Promise<string> {
  const stored = () => page.evaluate(() => localStorage.getItem("accessToken"));
  await expect.poll(stored).not.toBeNull();
  const token = await stored();
  if (!token) throw new Error("The app removed its access token right after storing it");
  return token;
}

/** GET /api/items?email= with the app's own bearer token. */
export async function myItemsViaApi(page: Page, email: string): Promise<Item[]> {
  const token = await storedAccessToken(page);
  const response = await page.request.get(`/api/items?email=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return itemListSchema.parse(await response.json());
}

/**
 * Records the page's own requests (not the test's API calls) with this method whose path
 * matches, from now on.
 */
export function recordRequests(page: Page, method: string, path: RegExp): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) {
      seen.push(request.url());
    }
  });
  return seen;
}

/** A toast (react-toastify renders them as alerts) with this text. */
export const toast = (page: Page, text: string) =>
  page.getByRole("alert").filter({ hasText: text }).last();

/**
 * Counts, from now on, the toasts that show with this text, including any that have closed
 * since: a count of toasts on screen misses one that closed (5 s) before the count was taken.
 * Returns a function that reads the count.
 */
export async function countToastsFromNow(page: Page, text: string): Promise<() => Promise<number>> {
  const counter = `toastCount${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ([counter, text]) => {
      const earlier = new Set(document.querySelectorAll(".Toastify__toast"));
      const seen = new Set<Element>();
      const look = () => {
        for (const shown of document.querySelectorAll(".Toastify__toast")) {
          if (!earlier.has(shown) && shown.textContent?.includes(text!)) seen.add(shown);
        }
      };
      new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
      (window as unknown as Record<string, Set<Element>>)[counter!] = seen;
    },
    [counter, text],
  );
  return () =>
    page.evaluate(
      (counter) => (window as unknown as Record<string, Set<Element>>)[counter]!.size,
      counter,
    );
}

/** The value shown next to a `<dt>` label inside a card or fact list. */
export const fact = (scope: Locator, label: string) =>
  scope
    .locator("dt")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

/** Sets a marker on the window; it survives client-side navigation but not a reload. */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { stockE2eMarker: boolean }).stockE2eMarker = true;
  });
}

export const documentStillMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { stockE2eMarker?: boolean }).stockE2eMarker === true);

/** Answers the next confirm() with accept or dismiss and returns a promise of its message. */
export function answerNextDialog(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(`${dialog.type()}: ${dialog.message()}`);
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });
}

/** The failed resource the browser logs when the API answers 404 for a bike that is not there. */
export const isMissingBikeError = (text: string, url: string) =>
  url.includes("/api/bikes/") && text.includes("404");
