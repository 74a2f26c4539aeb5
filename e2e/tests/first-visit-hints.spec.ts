import { expect, type ConsoleMessage, type Page } from "@playwright/test";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { createBike } from "../support/stock-helpers.ts";
import { shownQuantity } from "../support/stock-screens.ts";
import { resultCount, uniqueWord } from "../support/stock-search.ts";

/*
 * A page opened directly names in its HTML what its screen fetches first (the server's
 * plugins/first-visit-hints.ts, from the build's list): its chunks as module preloads and its
 * first API reads as fetch preloads. Each read must be the very request the screen makes, or the
 * browser downloads it twice and warns of an unused preload: so each test checks that the page
 * got every read from its preload (one resource entry, started by the link) and fetched none
 * of them again.
 */

/** The reads and chunks the page's HTML names. */
const hintedReads = (page: Page) =>
  page
    .locator('link[rel="preload"][as="fetch"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
const hintedChunks = (page: Page) =>
  page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));

/**
 * The page names its screen's chunks, and the screen ran on them: each was downloaded once (by
 * its preload) and none again when the screen imported it.
 */
async function expectChunksLoadedOnce(page: Page) {
  const chunks = await hintedChunks(page);
  expect(chunks.length).toBeGreaterThan(0);
  for (const chunk of chunks) {
    // Polled: Chromium files a download's timing entry a moment after the module has run.
    await expect.poll(async () => (await resourceEntries(page, chunk)).length, chunk).toBe(1);
  }
}

const hintedPhotos = (page: Page) =>
  page
    .locator('link[rel="preload"][as="image"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));

/** How the page fetched this URL, each time: "link" for a preload, "img", "fetch"… otherwise. */
const resourceEntries = (page: Page, url: string) =>
  page.evaluate(
    (wanted) =>
      performance
        .getEntriesByName(wanted)
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    url,
  );

/**
 * How the page fetched each API path, in order: "link" for a preload, "fetch" for the app's own;
 * only the requests started by `until` (a `performance.now()` of the page) when given.
 */
const apiFetches = (page: Page, until = Infinity) =>
  page.evaluate(
    (until) =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => entry.startTime <= until)
        .map((entry) => ({
          url: new URL(entry.name),
          by: (entry as PerformanceResourceTiming).initiatorType,
        }))
        .filter(({ url }) => url.pathname.startsWith("/api/"))
        .map(({ url, by }) => `${by} ${url.pathname}${url.search}`),
    until,
  );

/** Chromium's console warnings about preloads (unused, or not matching the request made). */
function watchPreloadWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

/**
 * Every hinted read came from its preload, once, and the app asked none of them again while it
 * showed its screen (called once the screen is shown). Later requests are left out: a bike that
 * another test adds on the same server meanwhile makes an open list ask again, live, by design.
 */
async function expectReadsServedByPreloads(page: Page, reads: string[]) {
  const shownAt = await page.evaluate(() => performance.now());
  await expect
    .poll(() => apiFetches(page))
    .toEqual(expect.arrayContaining(reads.map((read) => `link ${read}`)));
  const fetched = await apiFetches(page, shownAt);
  for (const read of reads) {
    expect(
      fetched.filter((entry) => entry.endsWith(` ${read}`)),
      read,
    ).toEqual([`link ${read}`]);
  }
}

test("Inventory opened directly gets its code and its first page of stock beside the shell", async ({
  page,
}) => {
  const warnings = watchPreloadWarnings(page);
  await page.goto("/inventory");
  await expect(resultCount(page)).toBeVisible();

  const reads = ["/api/stock?sort=created&limit=24", "/api/suppliers", "/api/places"];
  expect(await hintedReads(page)).toEqual(reads);
  await expectChunksLoadedOnce(page);
  await expectReadsServedByPreloads(page, reads);
  expect(warnings).toEqual([]);
});

test("a search in the address names no reads: the screen asks for that search itself", async ({
  page,
}) => {
  await page.goto(`/inventory?q=${uniqueWord()}`);
  await expect(main(page).getByText("No bikes match your search.")).toBeVisible();
  expect(await hintedReads(page)).toEqual([]);
  await expectChunksLoadedOnce(page);
});

test("Login opened directly gets its sign-in providers from the preload", async ({ page }) => {
  const warnings = watchPreloadWarnings(page);
  await page.goto("/login");
  await expect(main(page).getByRole("heading", { name: "Please Login" })).toBeVisible();
  expect(await hintedReads(page)).toEqual(["/api/account/providers"]);
  await expectChunksLoadedOnce(page);
  await expectReadsServedByPreloads(page, ["/api/account/providers"]);
  expect(warnings).toEqual([]);
});

test("a bike's page opened directly gets the account and that bike from the preloads", async ({
  signedInPage: page,
}) => {
  const { id, name } = await createBike(page, { quantity: "7" });
  const warnings = watchPreloadWarnings(page);
  await page.goto(`/inventory/${id}`);
  await expect(shownQuantity(page)).toHaveText("7");
  const reads = ["/api/account", `/api/bikes/${id}`];
  expect(await hintedReads(page)).toEqual(reads);
  await expectChunksLoadedOnce(page);
  await expectReadsServedByPreloads(page, reads);
  // The bike's photo is named too, and the page shows that very download.
  const photo = main(page).getByRole("img", { name });
  const photoUrl = await photo.getAttribute("src");
  expect(await hintedPhotos(page)).toEqual([photoUrl]);
  await expect(photo).toHaveJSProperty("complete", true);
  expect(await resourceEntries(page, photoUrl ?? "")).toEqual(["link"]);
  expect(warnings).toEqual([]);
});

test("Manage Inventory opened directly gets the account, its first rows, the suppliers and the places from the preloads", async ({
  signedInPage: page,
}) => {
  const warnings = watchPreloadWarnings(page);
  await page.goto("/manage-inventory");
  await expect(resultCount(page)).toBeVisible();
  const reads = [
    "/api/account",
    "/api/stock?sort=created&limit=50",
    "/api/suppliers",
    "/api/places",
  ];
  expect(await hintedReads(page)).toEqual(reads);
  await expectReadsServedByPreloads(page, reads);
  expect(warnings).toEqual([]);
});
