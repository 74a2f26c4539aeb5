import {
  accessTokenResponseSchema,
  signInProvidersSchema,
} from "@ultimate-bikes/contract/accounts";
import { apiErrorSchema } from "@ultimate-bikes/contract/errors";
import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { findMailedLink } from "@ultimate-bikes/test-support/mailbox";
import { describe, expect, it } from "vitest";
import {
  accessTokenFor,
  cookiesFrom,
  postSignIn,
  postSignUp,
  signUp,
  TEST_PASSWORD,
  testNameOf,
} from "../../test/accounts.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

describe(`accounts on ${testDatabaseKind}`, () => {
  const test = useTestApp();

  function mailedLink(email: string): string {
    const link = findMailedLink(test.config.mail.outboxDir, email);
    if (!link) throw new Error(`no mail to ${email} in the outbox`);
    return link;
  }
  const linkToken = (link: string) => new URL(link).searchParams.get("token")!;

  it("registers, signs in, and mails a verification link that verifies once", async () => {
    const user = await signUp(test.app);
    expect(user.cookie).toMatch(/session_token=/);

    const session = await test.app.inject({
      url: "/api/auth/get-session",
      headers: { cookie: user.cookie },
    });
    expect(session.json()).toMatchObject({
      user: { email: user.email, name: testNameOf(user.email), emailVerified: false },
    });

    const link = mailedLink(user.email);
    expect(link).toMatch(new RegExp(`^${test.config.publicUrl}/verify-email\\?token=`));
    const statusUrl = `/api/account/email-verification-status?token=${linkToken(link)}`;
    expect((await test.app.inject(statusUrl)).json()).toEqual({ status: "valid" });

    const verified = await test.app.inject(`/api/auth/verify-email?token=${linkToken(link)}`);
    expect(verified.statusCode).toBe(200);
    expect((await test.app.inject(statusUrl)).json()).toEqual({ status: "used" });
    const after = await test.app.inject({
      url: "/api/auth/get-session",
      headers: { cookie: user.cookie },
    });
    expect(after.json()).toMatchObject({ user: { emailVerified: true } });
  });

  it("calls a tampered verification link invalid", async () => {
    const response = await test.app.inject(
      "/api/account/email-verification-status?token=not.a.token",
    );
    expect(response.json()).toEqual({ status: "invalid" });
  });

  it("resets a password through the mailed link, once", async () => {
    const user = await signUp(test.app);
    const request = await test.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: user.email, redirectTo: "/reset-password" },
      remoteAddress: "10.0.0.2",
    });
    expect(request.statusCode).toBe(200);
    const link = mailedLink(user.email);
    expect(link).toContain("/reset-password?token=");
    const token = linkToken(link);
    const statusUrl = `/api/account/password-reset-status?token=${token}`;
    expect((await test.app.inject(statusUrl)).json()).toEqual({ status: "valid" });

    const reset = await test.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "a brand new password" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await test.app.inject(statusUrl)).json()).toEqual({ status: "used" });

    const signIn = (password: string) =>
      test.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: user.email, password },
        remoteAddress: "10.0.0.3",
      });
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn("a brand new password")).statusCode).toBe(200);
  });

  it("issues an access token only for the signed-in user's own email", async () => {
    const user = await signUp(test.app);
    const anonymous = await test.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: user.email },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(apiErrorSchema.parse(anonymous.json()).statusCode).toBe(401);

    const someoneElse = await test.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "someone.else@example.com" },
      headers: { cookie: user.cookie },
    });
    expect(someoneElse.statusCode).toBe(403);

    const own = await test.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: user.email.toUpperCase() },
      headers: { cookie: user.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(accessTokenResponseSchema.parse(own.json()).accessToken.split(".")).toHaveLength(3);
  });

  it("refuses a token request whose body is not just an email", async () => {
    const user = await signUp(test.app);
    for (const payload of [{}, { email: "not-an-email" }, { email: user.email, admin: true }]) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/login",
        payload,
        headers: { cookie: user.cookie },
      });
      expect(response.statusCode).toBe(400);
      expect(apiErrorSchema.parse(response.json()).fields?.[0]?.field).toMatch(/^body/);
    }
  });

  it("ends the session on sign-out", async () => {
    const user = await signUp(test.app);
    const signOut = await test.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: user.cookie, origin: test.config.publicUrl },
    });
    expect(signOut.statusCode).toBe(200);
    const response = await test.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: user.email },
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(401);
  });

  it("rate-limits repeated failed sign-ins from one address", async () => {
    const email = uniqueEmail("victim");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email, password: `wrong password ${attempt}` },
        remoteAddress: "10.9.9.9",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another address is not punished for it.
    const other = await test.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password: "wrong" },
      remoteAddress: "10.9.9.10",
    });
    expect(other.statusCode).toBe(401);
  });

  it("says which social providers are configured", async () => {
    const response = await test.app.inject("/api/account/providers");
    expect(signInProvidersSchema.parse(response.json())).toEqual({ google: false, github: false });
  });

  it("keeps the session cookie HTTP-only", async () => {
    const email = uniqueEmail();
    expect((await postSignUp(test.app, email, "10.0.0.4")).statusCode).toBe(200);
    const response = await postSignIn(test.app, email, TEST_PASSWORD, "10.0.0.4");
    expect(cookiesFrom(response)).toMatch(/session_token=/);
    expect(String(response.headers["set-cookie"])).toMatch(/HttpOnly/i);
  });

  it("hands out tokens that still work after a reload of the user", async () => {
    const user = await signUp(test.app);
    const token = await accessTokenFor(test.app, user);
    expect(token).toBeTruthy();
  });
});
