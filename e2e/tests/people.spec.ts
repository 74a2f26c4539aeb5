import { expect, type Page } from "@playwright/test";
import { mailsTo } from "@ultimate-bikes/test-support/mailbox";
import path from "node:path";
import { inviteBaseURL } from "../playwright.config.ts";
import { expectNoSeriousA11yViolations } from "../support/a11y.ts";
import { PASSWORD, signUpViaApi, uniqueEmail } from "../support/accounts.ts";
import { test } from "../support/fixtures.ts";
import { main, navigation } from "../support/landmarks.ts";
import {
  mailedInvitationLink,
  mailedVerificationLink,
  openOtherBrowser,
  signInAsAdmin,
  verifyViaApi,
} from "../support/people.ts";
import { scrollWidth } from "../support/public-helpers.ts";
import { SCREEN_SIZES } from "../support/screen-widths.ts";
import { answerNextDialog, createBike, toast } from "../support/stock-helpers.ts";
import {
  deliveredButton,
  deliverOne,
  importButton,
  openDetail,
  STAFF_WORKFLOW_TIMEOUT,
} from "../support/stock-screens.ts";

/*
 * Roles under ACCESS_POLICY=invite, on the config's second server: an admin invites, promotes,
 * demotes and removes people on the People page; what a member sees.
 */

test.use({ baseURL: inviteBaseURL });
test.describe.configure({ timeout: STAFF_WORKFLOW_TIMEOUT });

const peopleTable = (page: Page) => main(page).getByRole("table", { name: "People" });

test("an admin invites a colleague as staff, who registers through the mailed link and delivers", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await page.goto("/people");
  await expect(page).toHaveTitle("People- Ultimate Bikes");
  await expect(
    main(page).getByText("New accounts are members until an admin makes them staff."),
  ).toBeVisible();
  await expect(peopleTable(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const email = uniqueEmail("colleague");
  await main(page).getByLabel("Email", { exact: true }).fill(email);
  await main(page).getByLabel("Role", { exact: true }).selectOption("staff");
  await main(page).getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, `Invitation sent to ${email}.`)).toBeVisible();
  const invitations = main(page).getByRole("region", { name: "Pending invitations" });
  await expect(invitations).toContainText(email);

  const colleague = await openOtherBrowser(browser);
  const other = colleague.page;
  await other.goto(await mailedInvitationLink(email));
  await expect(other.getByRole("heading", { name: "Please Register" })).toBeVisible();
  await expect(other.getByLabel("Email address")).toHaveValue(email);
  await other.getByLabel("Your name").fill("Colin Colleague");
  await other.getByLabel("Password").fill(PASSWORD);
  await other.getByRole("button", { name: "Register" }).click();
  await expect(navigation(other).getByRole("button", { name: "Logout" })).toBeVisible();
  // The invited role counts once the email is verified.
  await expect(navigation(other).getByRole("link", { name: "My item" })).toBeVisible();
  await expect(navigation(other).getByRole("button", { name: "Stock" })).toHaveCount(0);

  await other.goto(await mailedVerificationLink(email));
  await expect(other.getByText("Your email is verified. Thank you!")).toBeVisible();
  await other.goto("/");
  await expect(navigation(other).getByRole("button", { name: "Stock" })).toBeVisible();
  const { id, name } = await createBike(other, { quantity: "3" });
  await openDetail(other, id, name, 3);
  expect(await deliverOne(other)).toBe(2);
  await colleague.close();

  await page.reload();
  await expect(invitations).not.toContainText(email);
  const row = peopleTable(page).getByRole("row", { name: /Colin Colleague/ });
  await expect(row.getByRole("cell").nth(1)).toHaveText("Staff");
});

test("a member who signed up without an invitation manages only their own bikes", async ({
  signedInPage: page,
}) => {
  await page.goto("/");
  await expect(navigation(page).getByRole("link", { name: "My item" })).toBeVisible();
  await expect(navigation(page).getByRole("button", { name: "Stock" })).toHaveCount(0);
  await expect(navigation(page).getByRole("link", { name: "People" })).toHaveCount(0);

  await page.goto("/people");
  await expect(main(page).getByText(/Only admins manage people/)).toBeVisible();
  await expect(main(page).getByRole("button", { name: "Send invitation" })).toHaveCount(0);

  // Typed into the address bar, Manage Inventory says whose the stock is and offers no Delete.
  await page.goto("/manage-inventory");
  await expect(main(page).getByText(/Only warehouse staff can delete bikes/)).toBeVisible();
  await expect(main(page).getByRole("link", { name: "My Items" })).toBeVisible();
  await expect(main(page).getByRole("button", { name: /Delete/ })).toHaveCount(0);

  // Their own bike's page offers no stock changes: those are for staff.
  const { id, name } = await createBike(page, { quantity: "2" });
  await openDetail(page, id, name, 2);
  await expect(
    main(page).getByText(/Only warehouse staff can deliver or import units/),
  ).toBeVisible();
  await expect(deliveredButton(page)).toHaveCount(0);
  await expect(importButton(page)).toHaveCount(0);
});

test("an admin promotes, demotes and removes someone, who is signed out at once", async ({
  page,
  browser,
}) => {
  const someone = await openOtherBrowser(browser);
  const email = uniqueEmail("dana");
  await signUpViaApi(someone.page, email, "Dana Example");
  await verifyViaApi(someone.page, email);

  await signInAsAdmin(page);
  await page.goto("/people");
  const row = peopleTable(page).getByRole("row", { name: /Dana Example/ });
  const role = row.getByRole("combobox", { name: "Role for Dana Example" });
  const save = row.getByRole("button", { name: "Save the role of Dana Example" });
  await expect(row.getByRole("cell").nth(1)).toHaveText("Member");

  await role.selectOption("staff");
  await save.click();
  await expect(toast(page, "Dana Example is now Staff.")).toBeVisible();
  await expect(row.getByRole("cell").nth(1)).toHaveText("Staff");
  expect((await someone.page.request.get("/api/account")).ok()).toBe(true);
  expect(
    ((await (await someone.page.request.get("/api/account")).json()) as { role: string }).role,
  ).toBe("staff");

  await role.selectOption("member");
  await save.click();
  await expect(toast(page, "Dana Example is now Member.")).toBeVisible();
  await expect(row.getByRole("cell").nth(1)).toHaveText("Member");

  // Yourself and the configured admin cannot be changed here, and the page says why.
  const self = peopleTable(page).getByRole("row", { name: /Ada Admin/ });
  await expect(self.getByRole("button", { name: "Remove Ada Admin" })).toBeDisabled();
  await expect(self).toContainText("This is you");

  const question = answerNextDialog(page, true);
  await row.getByRole("button", { name: "Remove Dana Example" }).click();
  expect(await question).toMatch(/^confirm: Remove Dana Example\?/);
  await expect(toast(page, "Dana Example was removed. They had added no bikes.")).toBeVisible();
  await expect(row).toHaveCount(0);
  // Signed out at once: the app finds nobody signed in, and a signed-in call is refused.
  expect(await (await someone.page.request.get("/api/account")).json()).toBeNull();
  expect((await someone.page.request.post("/api/login", { data: { email } })).status()).toBe(401);
  await someone.close();

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(main(page).getByRole("list", { name: "People" })).toBeVisible();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
});

test("an invited member of staff who has not confirmed the email is told so, and gets the link again", async ({
  page,
  browser,
  pageErrors,
}) => {
  // The admin invites through the API in a browser of their own; this one signs up as invited.
  const admin = await openOtherBrowser(browser);
  await signInAsAdmin(admin.page);
  const email = uniqueEmail("unconfirmed");
  const invited = await admin.page.request.post("/api/people/invitations", {
    data: { email, role: "staff" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await admin.close();
  await signUpViaApi(page, email, "Uma Unconfirmed");
  const outbox = path.join(process.env.E2E_INVITE_DATA_DIR ?? "", "outbox");
  const verificationMails = () =>
    mailsTo(outbox, email).filter((mail) => mail.includes("/verify-email?token=")).length;
  await expect.poll(verificationMails).toBe(1);

  // Where a staff member lands and where the role is missing, the page says what starts it.
  await page.goto("/people");
  const notice = main(page).getByText("You are invited as Staff: confirm your email to start.");
  await expect(notice).toBeVisible();
  await page.goto("/movements");
  await expect(notice).toBeVisible();
  await expect(main(page).getByText(/Only warehouse staff can read the whole ledger/)).toHaveCount(
    0,
  );

  const resend = main(page).getByRole("button", { name: "Send the link again" });
  const outcome = main(page).getByRole("status").filter({ hasText: /link/ });
  await resend.click();
  await expect(outcome).toHaveText(`A new link is on its way to ${email}.`);
  await expect.poll(verificationMails).toBe(2);
  // A second ask within the minute is refused (the browser logs the 429), and says when to retry.
  pageErrors.expect(
    (text, url) => text.includes("429") && url.endsWith("/api/account/verification-email"),
  );
  await resend.click();
  await expect(outcome).toHaveText(/less than a minute ago.*ask again in \d+ seconds?\./);
  expect(verificationMails()).toBe(2);

  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await expect(resend).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(size.width);
  }

  // The new link starts the role.
  await page.goto(await mailedVerificationLink(email));
  await expect(page.getByText("Your email is verified. Thank you!")).toBeVisible();
  await page.goto("/profile");
  await expect(main(page).getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  await expect(main(page).getByText("Staff", { exact: true })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
