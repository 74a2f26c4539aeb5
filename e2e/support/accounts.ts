import { expect, type Page } from "@playwright/test";
import { findMailedLink } from "@ultimate-bikes/test-support/mailbox";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";

export const PASSWORD = "ride safe 2026";

export const uniqueEmail = (label = "staff") => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export interface Account {
  email: string;
  name: string;
}

/** A client address of its own, for X-Forwarded-For (the e2e servers trust one proxy hop). */
export const randomAddress = () =>
  `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

/**
 * Registers and signs in through the API with the page's own cookie jar, so the page is signed in without
 * spending the UI's time (the register screen has its own test). The `signedInPage` fixture
 * signs up through this; a test calls it itself only to pick the email, or to sign out again.
 */
export async function signUpViaApi(
  page: Page,
  email = uniqueEmail(),
  name = "E2E Staff",
): Promise<Account> {
  // Each test user from its own address, so the rate limits guard real clients only.
  const headers = { "x-forwarded-for": randomAddress() };
  const signedUp = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email, password: PASSWORD },
    headers,
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  // Sign-up signs nobody in (docs/decisions/012): the app signs in right after, and so does this.
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password: PASSWORD },
    headers,
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return { email, name };
}

/** The server writes mail here, as files, because the e2e run sets no SMTP_URL. */
const outboxDir = () => path.join(process.env.E2E_DATA_DIR ?? "", "outbox");

/** Waits for a message to `email` with a link containing `pathPart`, and returns that link. */
export async function mailedLink(email: string, pathPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        // The outbox folder appears with the server's first message.
        link = existsSync(outboxDir()) ? findMailedLink(outboxDir(), email, pathPart) : undefined;
        return link;
      },
      { message: `a mail to ${email} with a ${pathPart} link` },
    )
    .toBeDefined();
  return link!;
}
