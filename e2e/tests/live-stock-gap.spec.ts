import { expect, type Page } from "@playwright/test";
import { test } from "../support/fixtures.ts";
import {
  closeLeftovers,
  LIVE_WITHIN,
  openColleague,
  STOCK_EVENTS_PATH,
} from "../support/live-stock.ts";
import {
  createBike,
  documentStillMarked,
  fact,
  importViaApi,
  markDocument,
} from "../support/stock-helpers.ts";
import { bikeCard, shownQuantity, STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";
import { uniqueWord } from "../support/stock-search.ts";

/*
 * Issue 20, item 5: a change made after a screen's first read and before its live stream opens
 * is not lost. Each read says the ledger position it reflects, and the stream's first connection
 * resumes from the oldest one shown, so the server replays what happened in between. The test
 * holds the stream back, so the change certainly falls in that window.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });
test.afterEach(closeLeftovers);

/** Holds the page's live stream back until `release`: it reaches the server only then. */
async function holdStream(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === STOCK_EVENTS_PATH,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

for (const screen of ["Inventory", "a bike's page"] as const) {
  test(`a change made before ${screen} opens its stream shows there without a reload`, async ({
    signedInPage: page,
    browser,
  }) => {
    const word = uniqueWord();
    const { id, name } = await createBike(page, { name: `${word} Between`, quantity: "2" });
    const colleague = await openColleague(browser);
    const theirs = await colleague.newPage();
    const releaseStream = await holdStream(theirs);
    // The bike's page opens without a query, so its first read comes from the page's preloads.
    const shown =
      screen === "Inventory" ? fact(bikeCard(theirs, name), "Quantity") : shownQuantity(theirs);
    await theirs.goto(screen === "Inventory" ? `/inventory?q=${word}` : `/inventory/${id}`);
    await expect(shown).toHaveText("2");
    await markDocument(theirs);

    expect((await importViaApi(page, id, 3)).quantity).toBe(5);
    releaseStream();

    await expect(shown).toHaveText("5", LIVE_WITHIN);
    expect(await documentStillMarked(theirs)).toBe(true);
    await colleague.close();
  });
}
