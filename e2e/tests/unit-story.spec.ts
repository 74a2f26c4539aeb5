import { expect, type Page } from "@playwright/test";
import { placeListSchema } from "@ultimate-bikes/contract/places";
import { transferSchema } from "@ultimate-bikes/contract/transfers";
import QRCode from "qrcode";
import { fakeCameraShowing, showToCamera } from "../support/fake-camera.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { closeLeftovers, gotoLive, openColleague } from "../support/live-stock.ts";
import { createBike, toast } from "../support/stock-helpers.ts";
import { openDetail, STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";
import { newUnit, trackViaApi } from "../support/units.ts";

/*
 * A unit's whole story (issue 24): three arrive, one typed and two by their labels read with the
 * camera; one is held for a customer, which a colleague sees live and cannot deliver; the other
 * two go to Sylhet and are received there by their labels; the holder delivers the held one; a
 * search by the last 6 characters of a chassis number finds a unit, whose page tells it all.
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });
test.afterEach(closeLeftovers);

const MAIN = "Main warehouse";
const SYLHET = "Sylhet showroom";

const qrOf = (text: string) => QRCode.toDataURL(text, { margin: 2, width: 300 });

/** The unit row of the bike page with this chassis number. */
const unitItem = (page: Page, chassis: string) =>
  main(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: `Unit ${chassis}` }) });

async function fillRest(page: Page, row: string, unit: ReturnType<typeof newUnit>) {
  const group = page.getByRole("group", { name: row });
  await group.getByRole("textbox", { name: "Engine number" }).fill(unit.engine);
  await group.getByRole("textbox", { name: "Colour" }).fill(unit.colour);
  await group.getByRole("textbox", { name: "Model year" }).fill(String(unit.modelYear));
}

test("units arrive by typing and by their labels, one is held, two travel to Sylhet, and each story is told", async ({
  signedInPage: page,
  browser,
}) => {
  const { id, name } = await createBike(page, { quantity: "0" });
  await trackViaApi(page, id, []);
  const [typed, scannedOne, scannedTwo] = [newUnit(), newUnit("Tech Black"), newUnit("Cyan")];
  // The camera sees nothing readable until a label is held up to it.
  await fakeCameraShowing(page, await qrOf("nothing of ours"));
  await openDetail(page, id, name, 0);

  await test.step("import: one typed, two read from their labels by the camera", async () => {
    const first = page.getByRole("group", { name: "Unit 1" });
    await first.getByRole("textbox", { name: "Chassis number" }).fill(typed.chassis);
    await fillRest(page, "Unit 1", typed);
    await page.getByRole("button", { name: "Scan labels with the camera" }).click();
    for (const [index, unit] of [scannedOne, scannedTwo].entries()) {
      await showToCamera(page, await qrOf(unit.chassis));
      const row = page.getByRole("group", { name: `Unit ${index + 2}` });
      await expect(row.getByRole("textbox", { name: "Chassis number" })).toHaveValue(unit.chassis);
      await fillRest(page, `Unit ${index + 2}`, unit);
    }
    await page.getByRole("button", { name: "Stop the camera" }).click();
    await page.getByRole("button", { name: "Import 3 units" }).click();
    await expect(toast(page, "3 units imported. 3 in stock.")).toBeVisible();
    await expect(main(page).getByText("3 in stock · 3 available")).toBeVisible();
  });

  // A colleague has the bike's page open.
  const colleague = await openColleague(browser);
  const theirs = await colleague.newPage();
  await gotoLive(theirs, `/inventory/${id}`);
  await expect(unitItem(theirs, typed.chassis)).toBeVisible();

  await test.step("held for Rahim Uddin: the colleague sees it without a reload, and cannot deliver it", async () => {
    await page.getByRole("button", { name: `Hold for a customer: ${typed.chassis}` }).click();
    const form = page.getByRole("form", { name: `Hold ${typed.chassis} for a customer` });
    await form.getByLabel("Customer name").fill("Rahim Uddin");
    await form.getByLabel("Customer phone").fill("+880 1711 000000");
    await form.getByLabel("Deposit receipt (optional)").fill("Receipt 4411");
    await form.getByRole("button", { name: "Hold" }).click();
    await expect(toast(page, `${typed.chassis} held for Rahim Uddin.`)).toBeVisible();
    await expect(main(page).getByText("3 in stock · 2 available")).toBeVisible();

    const held = unitItem(theirs, typed.chassis);
    await expect(held.getByText("Held", { exact: true }).first()).toBeVisible();
    await expect(held).toContainText("Rahim Uddin");
    // The browser logs the refusal (a 409) it is about to get.
    colleague.errors.expect(
      (text, url) => text.includes("409 (Conflict)") && url.endsWith(`/api/bikes/${id}/deliveries`),
    );
    await held.getByRole("button", { name: `Delivered ${typed.chassis}` }).click();
    await expect(
      theirs
        .getByRole("alert")
        .filter({ hasText: `Unit ${typed.chassis} is held for Rahim Uddin by` }),
    ).toBeVisible();
  });

  await test.step("the other two go to Sylhet and are received there by scanning their labels", async () => {
    const places = placeListSchema.parse(await (await page.request.get("/api/places")).json());
    const placeNamed = (placeName: string) => places.find((place) => place.name === placeName)!.id;
    const response = await page.request.post("/api/transfers", {
      data: {
        sourcePlaceId: placeNamed(MAIN),
        destinationPlaceId: placeNamed(SYLHET),
        lines: [{ bikeId: id, quantity: 2 }],
        send: true,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const transfer = transferSchema.parse(await response.json());
    // The held unit stays: a transfer takes the free ones.
    expect(transfer.lines[0]!.units.map((unit) => unit.chassis).sort()).toEqual(
      [scannedOne.chassis, scannedTwo.chassis].sort(),
    );
    await page.goto(`/transfers/${transfer.id}?receive`);
    await page.getByRole("button", { name: "Scan labels with the camera" }).click();
    for (const unit of [scannedTwo, scannedOne]) {
      await showToCamera(page, await qrOf(unit.chassis));
      await expect(page.getByRole("checkbox", { name: unit.chassis })).toBeChecked();
    }
    await main(page).getByRole("button", { name: "Receive" }).click();
    await expect(
      main(page).getByRole("heading", { level: 2, name: transfer.number }),
    ).toContainText("Received");
  });

  await test.step("the holder delivers the held unit", async () => {
    await openDetail(page, id, name, 3);
    await page.getByRole("button", { name: `Delivered ${typed.chassis}` }).click();
    await expect(toast(page, `${typed.chassis} delivered. 2 left.`)).toBeVisible();
  });
  await colleague.close();

  await test.step("the last 6 characters of a chassis number find the unit, whose page tells its story", async () => {
    await page.goto(`/inventory?q=${scannedOne.chassis.slice(-6)}`);
    const found = main(page).getByRole("list", { name: "Units found by number" });
    await found.getByRole("link", { name: `Unit ${scannedOne.chassis}` }).click();
    const history = main(page).getByRole("region", { name: "History" }).locator("tbody tr");
    await expect(history.nth(0)).toContainText(`Received 2 at ${SYLHET}`);
    await expect(history.nth(1)).toContainText(`Sent 2 from ${MAIN}`);
    await expect(history.nth(2)).toContainText(`Imported 3 at ${MAIN}`);

    await page.goto(`/inventory?q=${typed.chassis.slice(-6)}`);
    await main(page)
      .getByRole("list", { name: "Units found by number" })
      .getByRole("link", { name: `Unit ${typed.chassis}` })
      .click();
    await expect(history.nth(0)).toContainText(`Delivered 1 at ${MAIN}`);
    await expect(history.nth(1)).toContainText("Held for a customer: Receipt 4411");
    await expect(history.nth(2)).toContainText(`Imported 3 at ${MAIN}`);
  });
});
