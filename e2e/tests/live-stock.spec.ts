// Over 300 lines: the live stock journeys between two people's screens, sharing their set-up helpers.
import { expect, type Page } from "@playwright/test";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import {
  changeNote,
  closeLeftovers,
  cornerNotice,
  cornerNoticesSeen,
  countNavigations,
  gotoLive,
  LIVE_WITHIN,
  openColleague,
  openRelay,
  quantityFact,
  RECONNECTING_TEXT,
  recordApiRequests,
  recordCornerNotices,
  STOCK_EVENTS_PATH,
} from "../support/live-stock.ts";
import {
  answerNextDialog,
  createBike,
  documentStillMarked,
  fact,
  importViaApi,
  markDocument,
  storedAccessToken,
  toast,
} from "../support/stock-helpers.ts";
import {
  bikeCard,
  deliveredButton,
  deliverOne,
  importButton,
  importInput,
  isPost,
  movementRows,
  openDetail,
  shownQuantity,
  STAFF_WORKFLOW_TIMEOUT,
} from "../support/stock-screens.ts";
import { resultCount, uniqueWord } from "../support/stock-search.ts";

/*
 * Live stock (issue 10): what one person changes shows on a colleague's screen within 2 s, in
 * place, without a reload or polling. The test's own page is the person making the change; the
 * colleague is a second browser context with its own app and its own stream. Every test works on
 * bikes it adds itself: other specs run alongside and read the seeded stock.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });
test.afterEach(closeLeftovers);

const NO_MATCH = "No bikes match your search.";

/** What the page's live corner has said about this bike so far. */
const noticesAbout = async (page: Page, name: string) =>
  (await cornerNoticesSeen(page)).filter((text) => text.includes(name));

/** A Manage Inventory table row, found by the bike's name. */
const manageRow = (page: Page, name: string) =>
  main(page)
    .getByRole("table", { name: "Bikes" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) });

test("a delivery shows on a colleague's page of the same bike at once, without a reload or polling", async ({
  signedInPage: page,
  browser,
}) => {
  const { id, name } = await createBike(page, { quantity: "4" });
  const colleague = await openColleague(browser);
  const theirs = await colleague.newPage();
  await gotoLive(theirs, `/inventory/${id}`);
  await expect(shownQuantity(theirs)).toHaveText("4");
  await expect(quantityFact(theirs)).toHaveText("4");
  await expect(movementRows(theirs)).toHaveCount(1);
  // The colleague's app asks for its access token after its first paint: let that be done
  // before counting what the delivery makes it ask.
  await storedAccessToken(theirs);
  await markDocument(theirs);
  const navigations = countNavigations(theirs);
  const requests = recordApiRequests(theirs);

  await openDetail(page, id, name, 4);
  expect(await deliverOne(page)).toBe(3);

  await expect(shownQuantity(theirs)).toHaveText("3", LIVE_WITHIN);
  // 3 is the default reorder point: the badge changes with the number.
  await expect(quantityFact(theirs)).toHaveText("3 Low stock");
  await expect(changeNote(theirs, "1 delivered just now")).toBeVisible();
  // The ledger below is the one thing asked again (the app refetches a shown ledger on events).
  await expect(movementRows(theirs)).toHaveCount(2);
  await expect(movementRows(theirs).first().getByRole("cell").nth(2)).toHaveText(
    "Delivered 1 at Main warehouse",
  );
  expect(requests).toEqual([`GET /api/bikes/${id}/movements?limit=10`]);
  expect(navigations()).toBe(0);
  expect(await documentStillMarked(theirs)).toBe(true);
  // The bike's page says it beside the quantity, so the corner leaves it out.
  expect(await noticesAbout(theirs, name)).toEqual([]);

  await colleague.close();
});

test("an import shows on a visitor's Inventory card and on Manage Inventory, in place", async ({
  signedInPage: page,
  browser,
}) => {
  const word = uniqueWord();
  const { id, name } = await createBike(page, { name: `${word} Restocked`, quantity: "0" });
  const visitor = await openColleague(browser, { signedIn: false });
  const theirs = await visitor.newPage();
  await gotoLive(theirs, `/inventory?q=${word}`);
  const card = bikeCard(theirs, name);
  await expect(fact(card, "Quantity")).toHaveText("0");
  await expect(card.getByText("Out of stock")).toBeVisible();
  await markDocument(theirs);
  const theirNavigations = countNavigations(theirs);

  // Manage Inventory has no Import: the test's page imports through the API, behind its own
  // Manage Inventory's back, so that page too learns of it only from the stream.
  await recordCornerNotices(page);
  await gotoLive(page, `/manage-inventory?q=${word}`);
  const row = manageRow(page, name);
  await expect(row.getByRole("cell")).toContainText(["$4,999.99", "0", "Out of stock"]);
  const ownNavigations = countNavigations(page);

  expect((await importViaApi(page, id, 5)).quantity).toBe(5);

  await Promise.all([
    expect(fact(card, "Quantity")).toHaveText("5", LIVE_WITHIN),
    expect(row.getByRole("cell")).toContainText(["$4,999.99", "5", "In stock"], LIVE_WITHIN),
  ]);
  await expect(card.getByText("Out of stock")).toHaveCount(0);
  await expect.poll(() => cornerNoticesSeen(theirs)).toContain(`${name}: 5 imported just now`);
  await expect.poll(() => cornerNoticesSeen(page)).toContain(`${name}: 5 imported just now`);
  // In place. (Whether a list is asked again cannot be told here: other specs add bikes all the
  // time, and every creation makes open lists refetch. The detail page's test checks requests.)
  expect([theirNavigations(), ownNavigations()]).toEqual([0, 0]);
  expect(await documentStillMarked(theirs)).toBe(true);

  await visitor.close();
});

test("a bike added through the form appears in a colleague's Inventory and Manage Inventory searches", async ({
  signedInPage: page,
  browser,
}) => {
  const word = uniqueWord();
  const name = `${word} Newcomer`;
  const colleague = await openColleague(browser);
  // Searching for a word only the new bike will have: the lists start empty, so the bike showing
  // up proves they were refreshed live, whatever their sort and paging.
  const inventory = await colleague.newPage();
  await gotoLive(inventory, `/inventory?q=${word}`);
  await expect(main(inventory).getByText(NO_MATCH)).toBeVisible();
  const manage = await colleague.newPage();
  await gotoLive(manage, `/manage-inventory?q=${word}`);
  await expect(main(manage).getByText(NO_MATCH)).toBeVisible();
  const navigations = [countNavigations(inventory), countNavigations(manage)];

  await page.goto("/add-new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Photo url").fill("/images/bikes/vespa-gts-300.svg");
  await page.getByLabel("Description").fill("Added while a colleague watches.");
  await page.getByLabel("Price (USD)").fill("7250");
  await page.getByLabel("Quantity").fill("2");
  await page.getByLabel("Supplier name").fill("Live Motors");
  const added = page.waitForResponse(isPost(/^\/api\/bikes$/));
  await page.getByRole("button", { name: "Add Now" }).click();
  expect((await added).status()).toBe(201);

  const card = bikeCard(inventory, name);
  await Promise.all([
    expect(card).toBeVisible(LIVE_WITHIN),
    expect(manageRow(manage, name)).toBeVisible(LIVE_WITHIN),
  ]);
  await expect(resultCount(inventory)).toHaveText("1 bike");
  await expect(fact(card, "Quantity")).toHaveText("2");
  await expect(card.getByText("Low stock")).toBeVisible();
  await expect(manageRow(manage, name).getByRole("cell")).toContainText([
    "Live Motors",
    "$7,250.00",
    "2",
    "Low stock",
  ]);
  await expect.poll(() => cornerNoticesSeen(inventory)).toContain(`${name} added`);
  await expect.poll(() => cornerNoticesSeen(manage)).toContain(`${name} added`);
  expect(navigations.map((count) => count())).toEqual([0, 0]);

  await colleague.close();
});

test("a bike deleted on Manage Inventory leaves a colleague's lists, and its open page says so", async ({
  signedInPage: page,
  browser,
}) => {
  const word = uniqueWord();
  const { id, name } = await createBike(page, { name: `${word} Leaving`, quantity: "3" });
  const colleague = await openColleague(browser);
  const inventory = await colleague.newPage();
  await gotoLive(inventory, `/inventory?q=${word}`);
  await expect(bikeCard(inventory, name)).toBeVisible();
  const manage = await colleague.newPage();
  await gotoLive(manage, `/manage-inventory?q=${word}`);
  await expect(manageRow(manage, name)).toBeVisible();
  const detail = await colleague.newPage();
  await gotoLive(detail, `/inventory/${id}`);
  await expect(shownQuantity(detail)).toHaveText("3");
  await expect(deliveredButton(detail)).toBeEnabled();
  const navigations = [
    countNavigations(inventory),
    countNavigations(manage),
    countNavigations(detail),
  ];

  await page.goto(`/manage-inventory?q=${word}`);
  const accepted = answerNextDialog(page, true);
  const deleted = page.waitForResponse(
    (response) =>
      response.request().method() === "DELETE" && response.url().endsWith(`/api/bikes/${id}`),
  );
  await manageRow(page, name)
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  expect(await accepted).toBe("confirm: Are you sure to delete?");
  expect((await deleted).status()).toBe(200);

  const removal = detail
    .getByRole("alert")
    .filter({ hasText: `${name} was removed from the warehouse.` });
  await Promise.all([
    expect(bikeCard(inventory, name)).toHaveCount(0, LIVE_WITHIN),
    expect(manageRow(manage, name)).toHaveCount(0, LIVE_WITHIN),
    expect(removal).toBeVisible(LIVE_WITHIN),
  ]);
  await expect(toast(page, "Item Deleted!")).toBeVisible();
  await expect(main(inventory).getByText(NO_MATCH)).toBeVisible();
  await expect(main(manage).getByText(NO_MATCH)).toBeVisible();
  await expect.poll(() => cornerNoticesSeen(inventory)).toContain(`${name} deleted`);
  await expect.poll(() => cornerNoticesSeen(manage)).toContain(`${name} deleted`);

  // The open page keeps the bike in view, says it went, and offers nothing more to do with it.
  await expect(removal).toContainText("Its stock can no longer be changed here.");
  await expect(removal.getByRole("link", { name: "Back to the inventory" })).toBeVisible();
  await expect(detail.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(deliveredButton(detail)).toBeDisabled();
  await expect(importInput(detail)).toBeDisabled();
  await expect(importButton(detail)).toBeDisabled();
  // Said once, in the alert, not again in the corner.
  expect(await noticesAbout(detail, name)).toEqual([]);
  expect(navigations.map((count) => count())).toEqual([0, 0, 0]);

  await colleague.close();
});

test("a lost stream says live updates are paused, then catches up once it is back", async ({
  signedInPage: page,
  browser,
  baseURL,
}) => {
  const { id, name } = await createBike(page, { quantity: "5" });
  // The visitor reaches the server through a relay the test can cut, as a network would drop.
  const relay = await openRelay(baseURL!);
  const visitor = await openColleague(browser, { signedIn: false });
  // While cut, the browser's requests through the relay fail (the stream's attempts to reconnect,
  // and any refetch the page makes meanwhile, such as who is signed in), and it logs each one.
  visitor.errors.expect(
    (text, url) =>
      (url.startsWith(`${relay.origin}/api/`) || text.includes(`${relay.origin}/api/`)) &&
      /net::ERR_/.test(text),
  );
  const theirs = await visitor.newPage();
  await gotoLive(theirs, `${relay.origin}/inventory?q=${encodeURIComponent(name)}`);
  const card = bikeCard(theirs, name);
  await expect(fact(card, "Quantity")).toHaveText("5");
  const paused = cornerNotice(theirs, RECONNECTING_TEXT);
  await expect(paused).toHaveCount(0);

  let failedAttempts = 0;
  theirs.on("requestfailed", (request) => {
    if (new URL(request.url()).pathname === STOCK_EVENTS_PATH) failedAttempts += 1;
  });
  relay.cut();
  await expect(paused).toBeVisible();
  // It stays paused while attempts to reconnect fail (the broken stream, then at least one more).
  // The browser tries again on its own after the stream's retry time, then the page backs off
  // (1, 2, 4… s); on a loaded machine the second failure has come after more than 10 s.
  await expect.poll(() => failedAttempts, { timeout: 25_000 }).toBeGreaterThanOrEqual(2);
  await expect(paused).toBeVisible();

  // A change while the visitor is cut off: nothing can tell their page yet.
  expect((await importViaApi(page, id, 2)).quantity).toBe(7);
  await expect(fact(card, "Quantity")).toHaveText("5");

  const back = theirs.waitForResponse(
    (response) => new URL(response.url()).pathname === STOCK_EVENTS_PATH && response.ok(),
    { timeout: 15_000 },
  );
  relay.restore();
  await back;
  await expect(paused).toHaveCount(0);
  // The stream replays what was missed, and the card catches up.
  await expect(fact(card, "Quantity")).toHaveText("7");
  // Replayed, it is news to the card but not "just now" to a person.
  expect(await noticesAbout(theirs, name)).toEqual([]);

  await visitor.close();
  await relay.close();
});
