import { expect, type Page } from "@playwright/test";
import { placeListSchema } from "@ultimate-bikes/contract/places";
import { transferSchema, type Transfer } from "@ultimate-bikes/contract/transfers";
import QRCode from "qrcode";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { fakeCameraShowing } from "../support/fake-camera.ts";
import { decodePng } from "../support/qr-codes.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { closeLeftovers, gotoLive, openColleague } from "../support/live-stock.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import {
  createBike,
  documentStillMarked,
  fetchBike,
  markDocument,
} from "../support/stock-helpers.ts";
import { STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";

/*
 * Transfers between places (issue 23): a staff member sends units from the main warehouse to a
 * showroom; a colleague watching that showroom's transfers sees it in transit without reloading,
 * scans the sheet's QR code and receives fewer than were sent, with the reason; the ledger keeps
 * all three steps under the transfer's number.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });
test.afterEach(closeLeftovers);

const MAIN_WAREHOUSE = "Main warehouse";
const KHULNA = "Khulna showroom";

/** The id of the place with this name, as `GET /api/places` lists it. */
async function placeId(page: Page, name: string): Promise<string> {
  const response = await page.request.get("/api/places");
  expect(response.status()).toBe(200);
  const place = placeListSchema.parse(await response.json()).find((each) => each.name === name);
  if (!place) throw new Error(`No place named ${name}`);
  return place.id;
}

/** A transfer of `quantity` units of a bike from the main warehouse to Khulna, sent at once. */
async function sendViaApi(page: Page, bikeId: string, quantity: number): Promise<Transfer> {
  const response = await page.request.post("/api/transfers", {
    data: {
      sourcePlaceId: await placeId(page, MAIN_WAREHOUSE),
      destinationPlaceId: await placeId(page, KHULNA),
      lines: [{ bikeId, quantity }],
      send: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return transferSchema.parse(await response.json());
}

test("a transfer sent to Khulna shows there live, is scanned from its sheet and received short", async ({
  signedInPage: page,
  browser,
  baseURL,
}) => {
  const bike = await createBike(page, { quantity: "5" });
  const khulna = await placeId(page, KHULNA);

  // A colleague follows Khulna's transfers, and the bike's page.
  const colleague = await openColleague(browser);
  const bikePage = await colleague.newPage();
  await gotoLive(bikePage, `/inventory/${bike.id}`);
  await expect(main(bikePage).getByRole("table", { name: "Stock by place" })).toBeVisible();
  await markDocument(bikePage);
  const theirs = await colleague.newPage();
  await gotoLive(theirs, `/transfers?place=${khulna}`);
  await expect(main(theirs).getByLabel("Place").locator("option:checked")).toHaveText(KHULNA);
  await markDocument(theirs);

  // Sending 3 from the main warehouse.
  await page.goto("/transfers");
  await main(page).getByRole("link", { name: "New transfer" }).click();
  await expect(main(page).getByLabel("From").locator("option:checked")).toHaveText(MAIN_WAREHOUSE);
  await main(page).getByLabel("To").selectOption({ label: KHULNA });
  const line = main(page).getByRole("group", { name: "Line 1" });
  await line.getByLabel("Bike").fill(bike.name);
  await line.getByRole("button", { name: new RegExp(`^${bike.name} · UB-`) }).click();
  await expect(line.getByText(`5 at ${MAIN_WAREHOUSE}.`)).toBeVisible();
  await line.getByLabel("Quantity").fill("3");
  await main(page).getByRole("button", { name: "Send now" }).click();
  await expect(page).toHaveURL(/\/transfers\/[0-9a-f-]{36}$/);
  const transferId = page.url().split("/").pop()!;
  const heading = main(page).getByRole("heading", { level: 2, name: /^T-\d{6}/ });
  await expect(heading).toContainText("In transit");
  const number = /T-\d{6}/.exec((await heading.textContent())!)![0];
  const sent = await fetchBike(page, bike.id);
  expect(sent?.inTransit).toBe(3);
  expect(sent?.quantity).toBe(5);

  // The colleague's list shows it in transit, without a reload.
  const row = main(theirs).getByRole("row").filter({ hasText: number });
  await expect(row).toContainText(`${MAIN_WAREHOUSE} → ${KHULNA}`);
  await expect(row).toContainText("In transit");
  expect(await documentStillMarked(theirs)).toBe(true);
  await expect(main(bikePage).getByText("In transit: 3")).toBeVisible();
  expect(await documentStillMarked(bikePage)).toBe(true);

  // The sheet's QR code is the transfer page's address.
  await main(page).getByRole("link", { name: "Print transfer sheet" }).click();
  const sheet = main(page).getByRole("article", { name: `Sheet of ${number}` });
  await expect(sheet.getByText(KHULNA)).toBeVisible();
  await expect(sheet.getByRole("columnheader", { name: "Arrived" })).toBeVisible();
  const code = sheet.getByRole("img", { name: `QR code of ${number}'s page` });
  await expect(code).toBeVisible();
  const address = decodePng(await code.screenshot());
  expect(address).toBe(`${baseURL}/transfers/${transferId}`);

  // The colleague scans it: the transfer opens, ready to receive.
  await fakeCameraShowing(theirs, await QRCode.toDataURL(address!, { margin: 2, width: 300 }));
  await theirs.goto("/scan");
  await expect(theirs).toHaveURL(new RegExp(`/transfers/${transferId}\\?receive$`), {
    timeout: 15_000,
  });
  await expect(main(theirs).getByRole("heading", { name: `Receive at ${KHULNA}` })).toBeFocused();
  const arriving = main(theirs).getByRole("group", { name: new RegExp(`^${bike.name}`) });
  await expect(arriving.getByLabel("Arrived")).toHaveValue("3");
  await arriving.getByLabel("Arrived").fill("2");
  await arriving.getByLabel("Why fewer arrived").fill("One was dented in loading");
  await main(theirs).getByRole("button", { name: "Receive" }).click();
  await expect(main(theirs).getByRole("heading", { level: 2, name: number })).toContainText(
    "Received",
  );
  await expect(main(theirs).getByText("One was dented in loading")).toBeVisible();
  await expect(main(bikePage).getByText(/^In transit/)).toBeHidden();
  expect(await documentStillMarked(bikePage)).toBe(true);
  await colleague.close();

  const received = await fetchBike(page, bike.id);
  expect(received?.inTransit).toBe(0);
  expect(received?.quantity).toBe(4);
  expect(received?.stock).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ place: MAIN_WAREHOUSE, quantity: 2 }),
      expect.objectContaining({ place: KHULNA, quantity: 2 }),
    ]),
  );

  // The ledger has its three steps, each with the transfer's number.
  await page.goto(`/movements?bike=${bike.id}`);
  for (const step of ["Sent", "Received", "Short on arrival"]) {
    await expect(
      main(page).getByRole("row").filter({ hasText: step }).filter({ hasText: number }),
    ).toHaveCount(1);
  }
});

for (const size of SCREEN_SIZES) {
  test(`the transfer screens are accessible and fit at ${size.width} px`, async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize(size);
    const bike = await createBike(page, { quantity: "2" });
    const transfer = await sendViaApi(page, bike.id, 1);
    const screens = [
      { path: "/transfers", ready: main(page).getByRole("link", { name: transfer.number }) },
      { path: "/transfers/new", ready: main(page).getByRole("group", { name: "Line 1" }) },
      {
        path: `/transfers/${transfer.id}`,
        ready: main(page).getByRole("heading", { name: `Receive at ${KHULNA}` }),
      },
      {
        path: `/transfers/${transfer.id}/sheet`,
        ready: main(page).getByRole("img", { name: `QR code of ${transfer.number}'s page` }),
      },
    ];
    for (const { path, ready } of screens) {
      await page.goto(path);
      await expect(ready).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}
