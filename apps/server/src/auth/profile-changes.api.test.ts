import { accountSchema } from "@ultimate-bikes/contract/roles";
import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { describe, expect, it } from "vitest";
import {
  accessTokenFor,
  cookiesFrom,
  postSignIn,
  postSignUp,
  TEST_PASSWORD,
  type TestUser,
} from "../../test/accounts.ts";
import { expectError, fieldsOf } from "../../test/api-errors.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

/*
 * What Profile changes through better-auth's own calls (update-user, change-password,
 * revoke-other-sessions), where our code is involved: the bridge's rules for names and new
 * passwords, and access tokens, which live only as long as the session they were issued in.
 */
describe(`profile changes through better-auth on ${testDatabaseKind}`, () => {
  const test = useTestApp();

  /** Each request from its own address: sign-in and change-password are limited per address. */
  let addresses = 0;
  const nextAddress = () => `10.9.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

  async function signIn(email: string, password = TEST_PASSWORD): Promise<TestUser> {
    const response = await postSignIn(test.app, email, password, nextAddress());
    expect(response.statusCode, response.body).toBe(200);
    return { email, cookie: cookiesFrom(response) };
  }

  async function signUpNew(): Promise<TestUser> {
    const email = uniqueEmail("profile");
    const response = await postSignUp(test.app, email, nextAddress());
    expect(response.statusCode, response.body).toBe(200);
    return signIn(email);
  }

  const post = (user: TestUser, endpoint: string, payload: object) =>
    test.app.inject({
      method: "POST",
      url: `/api/auth/${endpoint}`,
      payload,
      headers: { cookie: user.cookie, origin: test.config.publicUrl },
      remoteAddress: nextAddress(),
    });

  /** GET /api/account with the session cookie: null once the session has ended. */
  async function accountByCookie(user: TestUser) {
    const response = await test.app.inject({
      url: "/api/account",
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return accountSchema.nullable().parse(response.json());
  }

  /** The status GET /api/account answers a bearer token: 401 once its session has ended. */
  const tokenStatus = async (token: string) =>
    (await test.app.inject({ url: "/api/account", headers: { authorization: `Bearer ${token}` } }))
      .statusCode;

  it("changes the name, held to the account name's rules", async () => {
    const user = await signUpNew();
    const renamed = await post(user, "update-user", { name: "  Robin Rider  " });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await accountByCookie(user)).toMatchObject({ name: "Robin Rider" });

    expect(fieldsOf(await post(user, "update-user", { name: "   " }))).toEqual(["body.name"]);
    expect(fieldsOf(await post(user, "update-user", { name: "x".repeat(101) }))).toEqual([
      "body.name",
    ]);
    // The role is not the caller's to set.
    const promoted = await post(user, "update-user", { role: "admin" });
    expect(promoted.statusCode).toBe(400);
    expect(await accountByCookie(user)).toMatchObject({ name: "Robin Rider", role: "staff" });
  });

  it("changes the password only with the current one, and not to one made of the account's name", async () => {
    const user = await signUpNew();
    const wrong = await post(user, "change-password", {
      currentPassword: "not the password",
      newPassword: "tundra lantern quietly 42",
    });
    expect(expectError(wrong, 400).message).toMatch(/invalid password/i);

    const renamed = await post(user, "update-user", { name: "Marigold Oberwinter" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const personal = await post(user, "change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "MarigoldOberwinter",
    });
    expect(fieldsOf(personal)).toEqual(["body.newPassword"]);

    const changed = await post(user, "change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "tundra lantern quietly 42",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const failed = await postSignIn(test.app, user.email, TEST_PASSWORD, nextAddress());
    expect(failed.statusCode).toBe(401);
    await signIn(user.email, "tundra lantern quietly 42");
  });

  it("a password change that signs out the other sessions ends their access tokens too", async () => {
    const user = await signUpNew();
    const elsewhere = await signIn(user.email);
    const elsewhereToken = await accessTokenFor(test.app, elsewhere);
    expect(await tokenStatus(elsewhereToken)).toBe(200);

    const changed = await post(user, "change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "copper meadow whistle 77",
      revokeOtherSessions: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // This browser goes on with the new session's cookie.
    const here = { email: user.email, cookie: cookiesFrom(changed) };
    expect(await accountByCookie(here)).toMatchObject({ email: user.email });
    expect(await accountByCookie(elsewhere)).toBeNull();
    expect(await tokenStatus(elsewhereToken)).toBe(401);
  });

  it("signs out the other sessions, whose access tokens stop working, and keeps this one", async () => {
    const user = await signUpNew();
    const token = await accessTokenFor(test.app, user);
    const elsewhere = await signIn(user.email);
    const elsewhereToken = await accessTokenFor(test.app, elsewhere);

    const revoked = await post(user, "revoke-other-sessions", {});
    expect(revoked.statusCode, revoked.body).toBe(200);

    expect(await accountByCookie(elsewhere)).toBeNull();
    expect(await tokenStatus(elsewhereToken)).toBe(401);
    const refused = await test.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: user.email },
      headers: { cookie: elsewhere.cookie },
    });
    expect(refused.statusCode).toBe(401);

    expect(await accountByCookie(user)).toMatchObject({ email: user.email });
    expect(await tokenStatus(token)).toBe(200);
  });
});
