import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

export const TEST_PASSWORD = "correct horse battery";

/** The `cookie` header a browser would send back after this response. */
export function cookiesFrom(response: LightMyRequestResponse): string {
  const setCookie = response.headers["set-cookie"];
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return lines.map((line) => line.split(";")[0]).join("; ");
}

export const uniqueEmail = (label = "staff") => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export interface TestUser {
  email: string;
  cookie: string;
}

/** Registers through better-auth's own endpoint and returns the session cookie it set. */
export async function registerUser(
  app: FastifyInstance,
  email = uniqueEmail(),
  remoteAddress = "10.0.0.1",
): Promise<TestUser> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: { name: "Test Staff", email, password: TEST_PASSWORD },
    remoteAddress,
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { email, cookie: cookiesFrom(response) };
}

export async function accessTokenFor(app: FastifyInstance, user: TestUser): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email: user.email },
    headers: { cookie: user.cookie },
  });
  if (response.statusCode !== 200)
    throw new Error(`token failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { accessToken: string }).accessToken;
}

/** Undoes the soft line breaks and =XX escapes nodemailer uses for long lines. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );

/** The link in the newest outbox message to `email` (the file outbox is on when SMTP_URL is unset). */
export function latestMailLink(outboxDir: string, email: string): string {
  const files = readdirSync(outboxDir).sort().reverse();
  for (const file of files) {
    const raw = decodeQuotedPrintable(readFileSync(path.join(outboxDir, file), "utf8"));
    if (!raw.includes(`To: ${email}`)) continue;
    const link = raw.match(/https?:\/\/\S+?\?token=[\w.-]+/);
    if (link) return link[0];
  }
  throw new Error(`no message to ${email} in ${outboxDir}`);
}
