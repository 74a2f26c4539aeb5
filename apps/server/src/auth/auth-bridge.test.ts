import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cookiesFrom, postSignIn, postSignUp, signUp, TEST_PASSWORD } from "../../test/accounts.ts";
import { expectError, fieldsOf } from "../../test/api-errors.ts";
import { useTestApp } from "../../test/test-app.ts";

/** Every message in the file outbox to `email`, oldest first. */
function mailTo(outboxDir: string, email: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(outboxDir, file), "utf8"))
    .filter((message) => message.includes(`To: ${email}`));
}

describe("the better-auth bridge", () => {
  const test = useTestApp({ signedUpUsers: ["nadia"] });
  const { nadia } = test.users;
  let address = 0;
  // Sign-up and sign-in are rate limited per address: each request here comes from its own.
  const nextAddress = () => `10.20.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", ...headers },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
      remoteAddress: nextAddress(),
    });

  describe("text fields", () => {
    it("refuses a NUL in the name of update-user with a 400 naming it", async () => {
      const response = await post(
        "/api/auth/update-user",
        { name: "a\u0000" },
        { cookie: nadia.cookie, origin: test.config.publicUrl },
      );
      expect(fieldsOf(response)).toEqual(["body.name"]);
    });

    it("refuses a NUL in reset-password's token with a 400 naming it", async () => {
      const response = await post("/api/auth/reset-password", {
        token: "\u0000",
        newPassword: "a brand new password",
      });
      expect(fieldsOf(response)).toEqual(["body.token"]);
    });

    it("refuses a NUL in a query or in the path of an auth call", async () => {
      const query = await test.app.inject("/api/auth/verify-email?token=%00");
      expect(fieldsOf(query)).toEqual(["querystring.token"]);
      const repeated = await test.app.inject("/api/auth/verify-email?token=ok&token=%00");
      expect(fieldsOf(repeated)).toEqual(["querystring.token"]);
      const inPath = await test.app.inject("/api/auth/reset-password/%00?callbackURL=/");
      expect(fieldsOf(inPath)).toEqual(["url"]);
    });

    it.each([
      ["a bidirectional override", "Nadia \u202Enamhar"],
      ["a lone surrogate", "Nadia \uD800"],
      ["a line break", "Nadia\nRahman"],
      ["60,000 characters", "n".repeat(60_000)],
    ])("refuses an account name with %s, at sign-up and update", async (_what, name) => {
      // JSON.stringify writes a lone surrogate as \ud800, which is how a client would send it.
      const signUpResponse = await post("/api/auth/sign-up/email", {
        name,
        email: uniqueEmail(),
        password: TEST_PASSWORD,
      });
      // 60,000 characters is within the body limit, so the name's own limit answers.
      expect(fieldsOf(signUpResponse)).toEqual(["body.name"]);
      const update = await post(
        "/api/auth/update-user",
        { name },
        { cookie: nadia.cookie, origin: test.config.publicUrl },
      );
      expect(fieldsOf(update)).toEqual(["body.name"]);
    });

    it("still takes a name of any script, and stores it as given", async () => {
      const name = "Nadia Rahman — নাদিয়া 🏍️";
      const update = await post(
        "/api/auth/update-user",
        { name },
        { cookie: nadia.cookie, origin: test.config.publicUrl },
      );
      expect(update.statusCode, update.body).toBe(200);
      const session = await test.app.inject({
        url: "/api/auth/get-session",
        headers: { cookie: nadia.cookie },
      });
      expect(session.json()).toMatchObject({ user: { name } });
    });
  });

  describe("the request body", () => {
    it("forwards deeply nested JSON as it came, without re-serialising it (no 500)", async () => {
      const depth = 10_000;
      const nested = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
      const body = `{"email":"${uniqueEmail()}","password":"${TEST_PASSWORD}","name":"Deep","extra":${nested}}`;
      const response = await post("/api/auth/sign-up/email", body);
      expect(response.statusCode, response.body).toBeLessThan(500);
      const signIn = await post("/api/auth/sign-in/email", `{"extra":${nested}}`);
      expect(signIn.statusCode, signIn.body).toBeLessThan(500);
    });

    it("refuses malformed JSON and prototype keys in our error shape", async () => {
      expect(expectError(await post("/api/auth/sign-in/email", "{nope"), 400).message).toMatch(
        /not valid JSON/,
      );
      const poisoned = await post(
        "/api/auth/sign-in/email",
        '{"email":"a@example.com","password":"x","__proto__":{"admin":true}}',
      );
      expectError(poisoned, 400);
    });
  });

  describe("errors", () => {
    it("answers better-auth's empty 404 in the API's error shape", async () => {
      const response = await test.app.inject({ method: "POST", url: "/api/auth/no-such-thing" });
      expect(expectError(response, 404).message).toBe(
        "Route POST:/api/auth/no-such-thing not found",
      );
    });

    it("answers a wrong password in the error shape, keeping better-auth's code", async () => {
      const response = await postSignIn(
        test.app,
        nadia.email,
        "not the password at all",
        "10.30.0.1",
      );
      const error = expectError(response, 401);
      expect(error).toMatchObject({
        statusCode: 401,
        error: "Unauthorized",
        message: "Invalid email or password",
        code: "INVALID_EMAIL_OR_PASSWORD",
      });
    });
  });

  describe("sign-up", () => {
    it("answers a registered email exactly as a new one, and mails its owner instead", async () => {
      const fresh = await postSignUp(test.app, uniqueEmail("fresh"), nextAddress());
      const again = await postSignUp(test.app, nadia.email, nextAddress());
      for (const response of [fresh, again]) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers["set-cookie"]).toBeUndefined();
      }
      const shape = (body: string) => {
        const { token, user } = JSON.parse(body) as {
          token: unknown;
          user: Record<string, unknown>;
        };
        return { token, user: Object.keys(user).sort(), emailVerified: user.emailVerified };
      };
      expect(shape(again.body)).toEqual(shape(fresh.body));
      expect(again.json()).toMatchObject({ user: { email: nadia.email, emailVerified: false } });

      const notices = mailTo(test.config.mail.outboxDir, nadia.email).filter((message) =>
        message.includes("Someone tried to register with your email"),
      );
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain(`${test.config.publicUrl}/login`);
    });

    it("signs a new account in only when it signs in", async () => {
      const email = uniqueEmail("later");
      expect((await postSignUp(test.app, email, nextAddress())).statusCode).toBe(200);
      const signIn = await postSignIn(test.app, email, TEST_PASSWORD, nextAddress());
      expect(cookiesFrom(signIn)).toMatch(/session_token=/);
    });
  });

  describe("password strength", () => {
    it.each(["password", "12345678", "qwertyuiop", "Password1!"])(
      "refuses the guessable password %j at sign-up, naming the field",
      async (password) => {
        const response = await post("/api/auth/sign-up/email", {
          name: "Guessable",
          email: uniqueEmail(),
          password,
        });
        expect(fieldsOf(response)).toEqual(["body.password"]);
        expect(expectError(response, 400).message).toMatch(
          /^body\.password: This password is too easy to guess\./,
        );
      },
    );

    it("refuses a password made of the account's own email", async () => {
      const email = uniqueEmail("myself");
      const response = await post("/api/auth/sign-up/email", {
        name: "Myself",
        email,
        password: email,
      });
      expect(fieldsOf(response)).toEqual(["body.password"]);
    });

    it("refuses a guessable new password at change-password and reset-password", async () => {
      const user = await signUp(test.app, uniqueEmail("changer"));
      const change = await post(
        "/api/auth/change-password",
        { currentPassword: TEST_PASSWORD, newPassword: "12345678" },
        { cookie: user.cookie, origin: test.config.publicUrl },
      );
      expect(fieldsOf(change)).toEqual(["body.newPassword"]);
      const reset = await post("/api/auth/reset-password", {
        token: "any-token",
        newPassword: "password",
      });
      expect(fieldsOf(reset)).toEqual(["body.newPassword"]);
    });

    it("takes a strong one", async () => {
      const user = await signUp(test.app, uniqueEmail("strong"));
      const change = await post(
        "/api/auth/change-password",
        { currentPassword: TEST_PASSWORD, newPassword: "gravel roads at dawn" },
        { cookie: user.cookie, origin: test.config.publicUrl },
      );
      expect(change.statusCode, change.body).toBe(200);
    });
  });
});
