import { expect, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const PASSWORD = "ride safe 2026";

export const uniqueEmail = (label = "staff") => `${label}-${randomUUID().slice(0, 8)}@example.com`;

const randomAddress = () =>
  `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

/**
 * Registers through the API with the page's own cookie jar, so the page is signed in without
 * spending the UI's time (the register screen has its own test).
 */
export async function signUpViaApi(page: Page, email = uniqueEmail(), name = "E2E Staff") {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { name, email, password: PASSWORD },
    // Each test user from its own address, so the sign-up rate limit guards real clients only.
    headers: { "x-forwarded-for": randomAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { email, name };
}

const outboxDir = () => path.join(process.env.E2E_DATA_DIR ?? "", "outbox");

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );

/** The link in the newest outbox message to `email` whose link contains `pathPart`. */
export async function mailedLink(email: string, pathPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const files = readdirSync(outboxDir()).sort().reverse();
      for (const file of files) {
        const raw = decodeQuotedPrintable(readFileSync(path.join(outboxDir(), file), "utf8"));
        if (!raw.includes(`To: ${email}`)) continue;
        link = raw.match(new RegExp(`https?://\\S+?${pathPart}\\?token=[\\w.-]+`))?.[0];
        if (link) return true;
      }
      return false;
    })
    .toBe(true);
  return link!;
}
