import { expect, type Browser, type Page } from "@playwright/test";
import { findMailedLink, mailsTo } from "@ultimate-bikes/test-support/mailbox";
import { existsSync } from "node:fs";
import path from "node:path";
import { INVITE_ADMIN_EMAIL, inviteBaseURL } from "../playwright.config.ts";
import { PASSWORD, randomAddress } from "./accounts.ts";
import { main } from "./landmarks.ts";
import { stubMapTiles } from "./map.ts";
import { watchPageErrors } from "./page-errors.ts";

/*
 * The People tests run against the second server of playwright.config.ts: ACCESS_POLICY=invite,
 * with INVITE_ADMIN_EMAIL as its configured admin, and its own outbox.
 */

const outboxDir = () => path.join(process.env.E2E_INVITE_DATA_DIR ?? "", "outbox");

/** The sign-up link of the newest invitation mailed to `email`, if there is one yet. */
function findInvitationLink(email: string): string | undefined {
  for (const mail of mailsTo(outboxDir(), email)) {
    const link = /https?:\/\/\S+\/register\?invitation=\S+/.exec(mail)?.[0];
    if (link) return link;
  }
  return undefined;
}

/** Waits for the invitation mailed to `email` and returns its link. */
export async function mailedInvitationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => (link = findInvitationLink(email)), { message: `an invitation to ${email}` })
    .toBeDefined();
  return link!;
}

/** Waits for the verification link mailed to `email` by the invite server. */
export async function mailedVerificationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () =>
        (link = existsSync(outboxDir())
          ? findMailedLink(outboxDir(), email, "/verify-email")
          : undefined),
      { message: `a verification mail to ${email}` },
    )
    .toBeDefined();
  return link!;
}

/** Verifies the page's signed-in account through the API, as its mailed link would. */
export async function verifyViaApi(page: Page, email: string): Promise<void> {
  const account = await page.request.get("/api/account");
  expect(account.status()).toBe(200);
  // Specs running alongside may have verified the shared admin already.
  if (((await account.json()) as { emailVerified: boolean }).emailVerified) return;
  const token = new URL(await mailedVerificationLink(email)).searchParams.get("token") ?? "";
  const verified = await page.request.get(
    `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
  );
  expect(verified.status(), await verified.text()).toBe(200);
}

/**
 * Signs the page in as the server's configured admin, verified (so the role counts). Tests in
 * both workers sign the one admin up; two at the same moment race to create the account, and the
 * one refused (422, the account created meanwhile by the other) signs in to it all the same.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  const headers = { "x-forwarded-for": randomAddress() };
  const data = { name: "Ada Admin", email: INVITE_ADMIN_EMAIL, password: PASSWORD };
  const signedUp = await page.request.post("/api/auth/sign-up/email", { data, headers });
  if (signedUp.status() !== 200) {
    expect(
      { status: signedUp.status(), code: ((await signedUp.json()) as { code?: string }).code },
      "the admin's sign-up, refused only as the loser of a race to create it",
    ).toEqual({ status: 422, code: "FAILED_TO_CREATE_USER" });
  }
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: INVITE_ADMIN_EMAIL, password: PASSWORD },
    headers,
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await verifyViaApi(page, INVITE_ADMIN_EMAIL);
}

/**
 * Another person's browser on the invite server, set up as the fixtures set up the test's own
 * (map tiles stubbed, page errors watched); `close` fails on any page error it saw.
 */
export async function openOtherBrowser(browser: Browser) {
  const context = await browser.newContext({ baseURL: inviteBaseURL });
  await stubMapTiles(context);
  const errors = watchPageErrors(context);
  return {
    page: await context.newPage(),
    async close() {
      const unexpected = errors.unexpected();
      await context.close();
      expect(unexpected, "the other browser's page errors and console errors").toEqual([]);
    },
  };
}

/**
 * The configured admin's browser at `size`, on the People page with its list shown: the page is
 * whole only for an admin, and the invite server has one (playwright.config.ts).
 */
export async function openPeopleAsAdmin(browser: Browser, size: { width: number; height: number }) {
  const admin = await openOtherBrowser(browser);
  await admin.page.setViewportSize(size);
  await signInAsAdmin(admin.page);
  await admin.page.goto("/people");
  await expect(
    main(admin.page).getByRole("heading", { name: "Everyone with an account" }),
  ).toBeVisible();
  return admin;
}
