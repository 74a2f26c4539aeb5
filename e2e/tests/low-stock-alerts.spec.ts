import { mailsTo } from "@ultimate-bikes/test-support/mailbox";
import { expect } from "@playwright/test";
import path from "node:path";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { test } from "../support/fixtures.ts";
import { main } from "../support/landmarks.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { createBike, toast } from "../support/stock-helpers.ts";
import { deliverOne, openDetail, STAFF_WORKFLOW_TIMEOUT } from "../support/stock-screens.ts";

/*
 * Low-stock alerts (issue 13): turned on on the profile, a delivery that takes a bike to its
 * reorder point sends one mail, through the app's SMTP path (the e2e mail server files what it
 * receives in the outbox, e2e/support/smtp-capture-server.ts).
 */

test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

const outboxDir = () => path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
const alertsAbout = (email: string, name: string) =>
  mailsTo(outboxDir(), email).filter((mail) => mail.includes(`Subject: Low stock: ${name}`));

test("crossing a reorder point sends an alert mail through SMTP", async ({
  signedInPage: page,
  account,
}) => {
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  await expect(page).toHaveTitle("Profile- Ultimate Bikes");
  const alertSwitch = main(page).getByRole("switch", { name: "Email me when a bike runs low" });
  await expect(alertSwitch).not.toBeChecked();
  await alertSwitch.check();
  await expect(toast(page, "Low-stock alerts on.")).toBeVisible();

  const { id, name } = await createBike(page, { quantity: "4", reorderPoint: "3" });
  await openDetail(page, id, name, 4);
  expect(await deliverOne(page)).toBe(3);
  await expect.poll(() => alertsAbout(account.email, name).length, { timeout: 10_000 }).toBe(1);
  const [mail] = alertsAbout(account.email, name);
  expect(mail).toContain(`Subject: Low stock: ${name} (3 left)`);
  expect(mail).toContain(`/inventory/${id}`);
  // That a further delivery sends no second mail is the API's to prove, without a fixed wait
  // (apps/server/src/alerts/low-stock-alerts.api.test.ts).

  await page.goto("/profile");
  await expect(alertSwitch).toBeChecked();
  await alertSwitch.uncheck();
  await expect(toast(page, "Low-stock alerts off.")).toBeVisible();
});

for (const size of SCREEN_SIZES) {
  test(`the profile is accessible at ${size.width} px`, async ({ signedInPage: page, account }) => {
    await page.setViewportSize(size);
    await page.goto("/profile");
    await expect(main(page).getByText(account.email)).toBeVisible();
    await expect(
      main(page).getByRole("switch", { name: "Email me when a bike runs low" }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
