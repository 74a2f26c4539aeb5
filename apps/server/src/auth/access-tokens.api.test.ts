import { findMailedLink } from "@ultimate-bikes/test-support/mailbox";
import { decodeJwt, SignJWT, type JWTPayload } from "jose";
import { describe, expect, it } from "vitest";
import {
  accessTokenFor,
  cookiesFrom,
  signUp,
  TEST_PASSWORD,
  type TestUser,
} from "../../test/accounts.ts";
import { listBikes } from "../../test/stock-helpers.ts";
import { openStoredDataProbe } from "../../test/stored-data.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { accessTokenKey } from "./access-token.ts";

/*
 * The access token of POST /api/login (issue 11, "Tokens that end"): short-lived, taken as
 * `Authorization: Bearer` by every route, and dead as soon as the session it was issued in ends.
 */

const PARTNER = "https://partner.example.com";
const STRANGER = "https://stranger.example.com";

describe(`access tokens on ${testDatabaseKind}`, () => {
  const test = useTestApp({ environment: { CORS_ORIGINS: PARTNER } });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const account = (token: string) =>
    test.app.inject({ url: "/api/account", headers: bearer(token) });
  const myItems = (user: TestUser, token: string) =>
    test.app.inject({
      url: `/api/items?email=${encodeURIComponent(user.email)}`,
      headers: bearer(token),
    });

  async function importOne(headers: Record<string, string>) {
    const [bike] = await listBikes(test.app);
    return test.app.inject({
      method: "POST",
      url: `/api/bikes/${bike!._id}/imports`,
      payload: { amount: 1 },
      headers,
    });
  }

  it("lives fifteen minutes and names its session", async () => {
    const user = await signUp(test.app);
    const claims = decodeJwt(await accessTokenFor(test.app, user));
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(claims.sid).toEqual(expect.any(String));
  });

  it("is taken as Bearer by reads and writes, without any cookie", async () => {
    const user = await signUp(test.app);
    const token = await accessTokenFor(test.app, user);
    expect((await account(token)).json()).toMatchObject({ email: user.email, role: "staff" });
    expect((await importOne(bearer(token))).statusCode).toBe(200);
    expect((await myItems(user, token)).statusCode).toBe(200);
  });

  it("refuses a token signed with the real key but without exp or iat, or older than its lifetime", async () => {
    const user = await signUp(test.app);
    const { sub, sid, email, iss } = decodeJwt(await accessTokenFor(test.app, user));
    const now = Math.floor(Date.now() / 1000);
    const signed = (times: JWTPayload) =>
      new SignJWT({ sub, sid, email, iss, ...times })
        .setProtectedHeader({ alg: "HS256" })
        .sign(accessTokenKey(test.config.authSecret));

    // The control: the same claims with both times are taken.
    expect((await account(await signed({ iat: now, exp: now + 60 }))).json()).toMatchObject({
      email: user.email,
    });
    for (const times of [{ iat: now }, { exp: now + 60 }, { iat: now - 3600, exp: now + 3600 }]) {
      const response = await account(await signed(times));
      expect(response.statusCode, JSON.stringify(times)).toBe(401);
    }
  });

  it("refuses a bad token with 401 wherever a session would do", async () => {
    const response = await importOne(bearer("not-a-token"));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401 });
    expect((await importOne({ authorization: "Basic abc" })).statusCode).toBe(401);
    expect((await account("not-a-token")).statusCode).toBe(401);
    // Without any credentials, "who am I" is a plain answer: nobody.
    const visitor = await test.app.inject("/api/account");
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toBeNull();
  });

  it("stops working at logout", async () => {
    const user = await signUp(test.app);
    const token = await accessTokenFor(test.app, user);
    const signOut = await test.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: user.cookie, origin: test.config.publicUrl },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await account(token)).statusCode).toBe(401);
    expect((await importOne(bearer(token))).statusCode).toBe(401);
    expect((await myItems(user, token)).statusCode).toBe(403);
  });

  it("stops working at a password reset", async () => {
    const user = await signUp(test.app);
    const token = await accessTokenFor(test.app, user);
    await test.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: user.email, redirectTo: "/reset-password" },
      remoteAddress: "10.0.9.1",
    });
    const link = findMailedLink(test.config.mail.outboxDir, user.email, "reset-password");
    const reset = await test.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: {
        token: new URL(link!).searchParams.get("token"),
        newPassword: "a brand new password",
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await account(token)).statusCode).toBe(401);
    expect((await myItems(user, token)).statusCode).toBe(403);
  });

  it("stops working when its session expires, whatever its own expiry says", async () => {
    const user = await signUp(test.app);
    const token = await accessTokenFor(test.app, user);
    const probe = openStoredDataProbe(test.config, test.app.log);
    try {
      await probe.database.db
        .updateTable("session")
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", String(decodeJwt(token).sid))
        .execute();
    } finally {
      await probe.close();
    }
    expect((await account(token)).statusCode).toBe(401);
  });

  it("lets a CORS_ORIGINS page write with it, and no other site", async () => {
    const user = await signUp(test.app);
    const token = await accessTokenFor(test.app, user);
    expect((await importOne({ ...bearer(token), origin: PARTNER })).statusCode).toBe(200);
    expect((await importOne({ ...bearer(token), origin: STRANGER })).statusCode).toBe(403);
    // A cookie goes wherever the browser sends it: cookie writes stay same-origin.
    expect((await importOne({ cookie: user.cookie, origin: PARTNER })).statusCode).toBe(403);
  });

  it("is issued for the session asked with, so signing in again does not revive an old one", async () => {
    const user = await signUp(test.app);
    const first = await accessTokenFor(test.app, user);
    const again = await test.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: "10.0.9.2",
    });
    const second = await accessTokenFor(test.app, {
      email: user.email,
      cookie: cookiesFrom(again),
    });
    expect(decodeJwt(second).sid).not.toBe(decodeJwt(first).sid);
    await test.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: user.cookie, origin: test.config.publicUrl },
    });
    expect((await account(first)).statusCode).toBe(401);
    expect((await account(second)).statusCode).toBe(200);
  });
});
