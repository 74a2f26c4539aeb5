import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { findMailedLink } from "@ultimate-bikes/test-support/mailbox";
import type { FastifyInstance } from "fastify";
import { generateKeyPair, SignJWT } from "jose";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { cookiesFrom, signUp } from "../../test/accounts.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

const GOOGLE_CLIENT = { GOOGLE_CLIENT_ID: "google-client", GOOGLE_CLIENT_SECRET: "google-secret" };

let signInsStarted = 0;

/** Starts "Continue with google" as the web app does, with the provider's page in the answer. */
async function startGoogleSignIn(app: FastifyInstance) {
  signInsStarted += 1;
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/social",
    // Each from its own address, clear of the rate limit on sign-ins (a few per address).
    remoteAddress: `10.20.0.${signInsStarted}`,
    payload: {
      provider: "google",
      callbackURL: "/my-item",
      errorCallbackURL: "/login",
      disableRedirect: true,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { url: new URL((response.json() as { url: string }).url), cookie: cookiesFrom(response) };
}

interface GooglePerson {
  email: string;
  email_verified: boolean;
  name: string;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += String(chunk);
  return body;
}

/**
 * A stand-in for Google's token endpoint at `${issuer}/token`, and nothing else: sign-in must not
 * ask the issuer for a discovery document. Each code it hands out stands for a person in `people`.
 */
async function startTokenEndpoint() {
  const people = new Map<string, GooglePerson>();
  const requests: { path: string | undefined; body: URLSearchParams }[] = [];
  const { privateKey } = await generateKeyPair("RS256");
  const server = createServer((request, response) => {
    void (async () => {
      const body = new URLSearchParams(await readBody(request));
      requests.push({ path: request.url, body });
      const person = people.get(body.get("code") ?? "");
      if (request.method !== "POST" || request.url !== "/token" || !person) {
        response.writeHead(400, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: "invalid_request" }));
        return;
      }
      const idToken = await new SignJWT({ ...person, sub: `google-${person.email}` })
        .setProtectedHeader({ alg: "RS256" })
        .setIssuer("https://accounts.google.com")
        .setAudience(GOOGLE_CLIENT.GOOGLE_CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          access_token: "access-token",
          token_type: "Bearer",
          expires_in: 300,
          id_token: idToken,
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, people, requests };
}

const { issuer, people, requests } = await startTokenEndpoint();

describe(`Google sign-in on ${testDatabaseKind}`, () => {
  describe("with Google's own endpoints", () => {
    const test = useTestApp({ environment: GOOGLE_CLIENT });

    it("sends the user to Google's authorization page, to come back to our callback", async () => {
      const { url } = await startGoogleSignIn(test.app);
      expect(`${url.origin}${url.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
      expect(url.searchParams.get("client_id")).toBe("google-client");
      // The redirect URI operators register at Google (README.md, "Creating the OAuth apps").
      expect(url.searchParams.get("redirect_uri")).toBe(
        `${test.config.publicUrl}/api/auth/callback/google`,
      );
      expect(url.searchParams.get("scope")?.split(" ")).toEqual(
        expect.arrayContaining(["openid", "email", "profile"]),
      );
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect(url.searchParams.get("state")).toBeTruthy();
    });
  });

  describe("when the OAuth server cannot be reached", () => {
    // Nothing listens on port 9: a sign-in that needed a discovery document could not start.
    const test = useTestApp({
      environment: { ...GOOGLE_CLIENT, OAUTH_ISSUER_URL: "http://127.0.0.1:9" },
    });

    it("still starts sign-in, at the configured authorization endpoint", async () => {
      const { url } = await startGoogleSignIn(test.app);
      expect(`${url.origin}${url.pathname}`).toBe("http://127.0.0.1:9/authorize");
      expect(url.searchParams.get("client_id")).toBe("google-client");
    });
  });

  describe("against a local token endpoint", () => {
    const test = useTestApp({ environment: { ...GOOGLE_CLIENT, OAUTH_ISSUER_URL: issuer } });

    /** The whole flow: start, let "Google" approve with a code for `person`, come back. */
    async function signInAs(person: GooglePerson) {
      const { url, cookie } = await startGoogleSignIn(test.app);
      expect(`${url.origin}${url.pathname}`).toBe(`${issuer}/authorize`);
      const code = `code-${people.size}`;
      people.set(code, person);
      const state = url.searchParams.get("state")!;
      const callback = await test.app.inject({
        url: `/api/auth/callback/google?code=${code}&state=${encodeURIComponent(state)}`,
        headers: { cookie },
      });
      expect(callback.statusCode).toBe(302);
      return { location: String(callback.headers.location), cookie: cookiesFrom(callback) };
    }

    async function sessionUser(cookie: string) {
      const session = await test.app.inject({
        url: "/api/auth/get-session",
        headers: { cookie },
      });
      return (session.json() as { user: { id: string; email: string; emailVerified: boolean } })
        .user;
    }

    it("signs a new person in with the profile from Google's id_token", async () => {
      const email = uniqueEmail("google");
      const { location, cookie } = await signInAs({
        email,
        email_verified: true,
        name: "Google Rider",
      });
      expect(location).toBe("/my-item");
      expect(cookie).toMatch(/session_token=/);
      expect(await sessionUser(cookie)).toMatchObject({ email, emailVerified: true });

      expect(requests.map((request) => request.path)).toEqual(requests.map(() => "/token"));
      const exchange = requests.at(-1)!.body;
      expect(exchange.get("grant_type")).toBe("authorization_code");
      expect(exchange.get("code_verifier")).toBeTruthy();
      expect(exchange.get("redirect_uri")).toBe(
        `${test.config.publicUrl}/api/auth/callback/google`,
      );
    });

    it("links to an existing account only when both sides have verified the email", async () => {
      const existing = await signUp(test.app);
      const owner = await sessionUser(existing.cookie);
      const googleSays = (emailVerified: boolean) =>
        signInAs({ email: existing.email, email_verified: emailVerified, name: "Google Rider" });

      // An address no one has proven here may be another person's, with that person's password:
      // the account is not linked, even for Google's verified owner of the address.
      const ownerUnverified = await googleSays(true);
      expect(ownerUnverified.location).toBe("/login?error=account_not_linked");
      expect(ownerUnverified.cookie).not.toMatch(/session_token=/);

      const link = findMailedLink(test.config.mail.outboxDir, existing.email)!;
      const token = new URL(link).searchParams.get("token")!;
      expect((await test.app.inject(`/api/auth/verify-email?token=${token}`)).statusCode).toBe(200);

      const googleUnverified = await googleSays(false);
      expect(googleUnverified.location).toBe("/login?error=account_not_linked");
      expect(googleUnverified.cookie).not.toMatch(/session_token=/);

      const bothVerified = await googleSays(true);
      expect(bothVerified.location).toBe("/my-item");
      expect((await sessionUser(bothVerified.cookie)).id).toBe(owner.id);
    });
  });
});
