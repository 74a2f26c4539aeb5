import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

export const TEST_PASSWORD = "correct horse battery";

/** The `cookie` header a browser would send back after this response. */
export function cookiesFrom(response: LightMyRequestResponse): string {
  const setCookie = response.headers["set-cookie"];
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return lines.map((line) => line.split(";")[0]).join("; ");
}

/** The name a test account signs up with: its own, so the ledger's names tell users apart. */
export const testNameOf = (email: string) => `Staff ${email.split("@")[0]}`;

export interface TestUser {
  readonly email: string;
  readonly cookie: string;
}

/**
 * The raw answer to a sign-up through better-auth's own endpoint, for the tests of sign-up
 * itself. Sign-up is rate limited per client address, so a test that signs up many users can
 * spread them over addresses.
 */
export function postSignUp(
  app: FastifyInstance,
  email = uniqueEmail(),
  remoteAddress = "10.0.0.1",
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: { name: testNameOf(email), email, password: TEST_PASSWORD },
    remoteAddress,
  });
}

/** Signs in through better-auth's own endpoint, as the web app does right after a sign-up. */
export function postSignIn(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  remoteAddress = "10.0.0.1",
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email, password },
    remoteAddress,
  });
}

/**
 * Signs a new user up, then in, as the web app does (sign-up itself signs nobody in:
 * docs/decisions/012), and returns the session cookie they got, as a browser would keep it.
 */
export async function signUp(app: FastifyInstance, email = uniqueEmail()): Promise<TestUser> {
  const response = await postSignUp(app, email);
  if (response.statusCode !== 200)
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const signIn = await postSignIn(app, email);
  if (signIn.statusCode !== 200)
    throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  return { email, cookie: cookiesFrom(signIn) };
}

/** The signed access token POST /api/login gives the signed-in `user` for GET /api/items. */
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
