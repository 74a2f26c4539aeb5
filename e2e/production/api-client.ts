import { findMailedLink } from "@ultimate-bikes/test-support/mailbox";
import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { existsSync } from "node:fs";
import path from "node:path";

/** One request as a client saw it: its answer's status, or the error that replaced it. */
export type Outcome = { status: number; body: string } | { error: string };

/** Every request goes through nginx; one that hears nothing within this counts as failed. */
const REQUEST_TIMEOUT_MS = 15_000;

/** Sends a request and never throws: a refused or cut connection is an outcome too. */
export async function send(url: string, init: RequestInit = {}): Promise<Outcome> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { error: cause?.code ?? cause?.message ?? (error as Error).message };
  }
}

/** The answer's body, or an error naming what went wrong: for the set-up, which must succeed. */
export async function expectOk(what: string, url: string, init: RequestInit = {}) {
  const outcome = await send(url, init);
  if ("error" in outcome) throw new Error(`${what}: ${outcome.error}`);
  if (outcome.status < 200 || outcome.status >= 400) {
    throw new Error(`${what}: ${outcome.status} ${outcome.body.slice(0, 300)}`);
  }
  return outcome.body;
}

const PASSWORD = "a long production passphrase";

/**
 * Signs a new member of staff up through `origin` as a person does in the browser: registers,
 * follows the verification link the app mailed (to the file outbox of whichever instance sent
 * it: staff rights need a verified email), signs in, and trades the session for an access token,
 * as a script would (README, "API tokens").
 */
export async function staffToken(origin: string, dataDirs: string[]): Promise<string> {
  const email = uniqueEmail("operator");
  const json = (body: object, extra: Record<string, string> = {}) => ({
    method: "POST",
    headers: { "content-type": "application/json", origin, ...extra },
    body: JSON.stringify(body),
  });
  await expectOk(
    "sign-up",
    `${origin}/api/auth/sign-up/email`,
    json({ name: "Production Test", email, password: PASSWORD }),
  );
  const link = dataDirs
    .map((dir) => path.join(dir, "outbox"))
    .filter((outbox) => existsSync(outbox))
    .map((outbox) => findMailedLink(outbox, email, "verify-email"))
    .find(Boolean);
  if (!link) throw new Error(`no verification mail to ${email} in ${dataDirs.join(", ")}`);
  if (!link.startsWith(origin)) throw new Error(`the mailed link is not on PUBLIC_URL: ${link}`);
  // The link opens the web app's page, which confirms the token with this call.
  const token = new URL(link).searchParams.get("token") ?? "";
  await expectOk(
    "email verification",
    `${origin}/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    { redirect: "manual" },
  );

  const signIn = await fetch(
    `${origin}/api/auth/sign-in/email`,
    json({ email, password: PASSWORD }),
  );
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (signIn.status !== 200 || !cookie) throw new Error(`sign-in: ${signIn.status}`);
  const answer = await expectOk("access token", `${origin}/api/login`, json({ email }, { cookie }));
  return (JSON.parse(answer) as { accessToken: string }).accessToken;
}
