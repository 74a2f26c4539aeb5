import { verificationEmailSentSchema } from "@ultimate-bikes/contract/accounts";
import { accountSchema } from "@ultimate-bikes/contract/roles";
import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { mailsTo } from "@ultimate-bikes/test-support/mailbox";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import {
  cookiesFrom,
  postSignIn,
  postSignUp,
  TEST_PASSWORD,
  type TestUser,
} from "../../test/accounts.ts";
import { expectError, fieldsOf } from "../../test/api-errors.ts";
import { verifyEmailOf } from "../../test/roles.ts";
import { send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

/*
 * A role that waits for a verified email says so on GET /api/account (pendingRole), and
 * POST /api/account/verification-email mails its owner a new link, once a minute at most.
 */
describe(`a pending role and its verification link on ${testDatabaseKind}`, () => {
  const configuredAdminEmail = uniqueEmail("configured-admin");
  const pendingAdminEmail = uniqueEmail("pending-admin");
  const test = useTestApp({
    environment: {
      ACCESS_POLICY: "invite",
      ADMIN_EMAILS: `${configuredAdminEmail},${pendingAdminEmail}`,
    },
  });
  let admin: TestUser;

  /** Each sign-up from its own address, so sign-up's rate limit never trips this file. */
  let addresses = 0;
  async function signUpNew(email = uniqueEmail("person")): Promise<TestUser> {
    const address = `10.8.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;
    const signedUp = await postSignUp(test.app, email, address);
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    const signedIn = await postSignIn(test.app, email, TEST_PASSWORD, address);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return { email, cookie: cookiesFrom(signedIn) };
  }

  async function invitedStaff(): Promise<TestUser> {
    const email = uniqueEmail("invited-staff");
    const invited = await send(test.app, admin, "POST", "/api/people/invitations", {
      email,
      role: "staff",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    return signUpNew(email);
  }

  async function accountOf(user: TestUser) {
    const response = await send(test.app, user, "GET", "/api/account");
    expect(response.statusCode, response.body).toBe(200);
    return accountSchema.parse(response.json());
  }

  const resend = (user: TestUser | undefined, payload: unknown = {}) =>
    send(test.app, user, "POST", "/api/account/verification-email", payload as object);

  const verificationMails = (email: string) =>
    mailsTo(test.config.mail.outboxDir, email).filter((mail) => mail.includes("/verify-email?"));

  /** Moves the account's last link back past the minute, as if it had been sent long ago. */
  async function forgetLastLink(user: TestUser) {
    const { id } = await accountOf(user);
    const { db } = openDatabase(test.config.database, test.app.log);
    try {
      await db
        .withTables<{ rateLimit: { key: string; lastRequest: number } }>()
        .updateTable("rateLimit")
        .set({ lastRequest: Date.now() - 61_000 })
        .where("key", "=", `verification-email:user:${id}`)
        .execute();
    } finally {
      await db.destroy();
    }
  }

  beforeAll(async () => {
    admin = await signUpNew(configuredAdminEmail);
    await verifyEmailOf(test.app, test.config, admin.email);
  });

  it("names the role an unverified invited member of staff or configured admin is waiting for", async () => {
    const staff = await invitedStaff();
    expect(await accountOf(staff)).toMatchObject({ role: "member", pendingRole: "staff" });

    const pendingAdmin = await signUpNew(pendingAdminEmail);
    expect(await accountOf(pendingAdmin)).toMatchObject({ role: "member", pendingRole: "admin" });

    // Nothing waits for someone who signed up uninvited, nor for a verified admin.
    const uninvited = await signUpNew();
    expect(await accountOf(uninvited)).toMatchObject({ role: "member", pendingRole: null });
    expect(await accountOf(admin)).toMatchObject({ role: "admin", pendingRole: null });

    await verifyEmailOf(test.app, test.config, staff.email);
    expect(await accountOf(staff)).toMatchObject({ role: "staff", pendingRole: null });
  });

  it("mails a pending member of staff a new link, then refuses a second within the minute", async () => {
    const staff = await invitedStaff();
    expect(verificationMails(staff.email)).toHaveLength(1);

    const sent = await resend(staff);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(verificationEmailSentSchema.parse(sent.json())).toEqual({
      sent: true,
      email: staff.email,
    });
    expect(verificationMails(staff.email)).toHaveLength(2);

    const again = await resend(staff);
    const refusal = expectError(again, 429);
    const retryAfter = Number(again.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refusal.message).toMatch(
      new RegExp(`less than a minute ago.*ask again in ${retryAfter} seconds?\\.$`),
    );
    expect(verificationMails(staff.email)).toHaveLength(2);

    await forgetLastLink(staff);
    expect((await resend(staff)).statusCode).toBe(200);
    expect(verificationMails(staff.email)).toHaveLength(3);

    // The newest link works: the role counts.
    await verifyEmailOf(test.app, test.config, staff.email);
    expect(await accountOf(staff)).toMatchObject({ role: "staff", pendingRole: null });
  });

  it("counts the minute per account: one person's link does not hold back another's", async () => {
    const first = await invitedStaff();
    const second = await invitedStaff();
    expect((await resend(first)).statusCode).toBe(200);
    expect((await resend(second)).statusCode).toBe(200);
  });

  it("gives two asks at the same moment one link between them", async () => {
    const staff = await invitedStaff();
    const answers = await Promise.all([resend(staff), resend(staff), resend(staff)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429]);
    expect(verificationMails(staff.email)).toHaveLength(2);
  });

  it("refuses a verified email, a visitor, and any body that names someone", async () => {
    expect(expectError(await resend(admin), 409).message).toMatch(/already confirmed/);
    expectError(await resend(undefined), 401);

    const staff = await invitedStaff();
    const other = uniqueEmail("someone-else");
    expect(fieldsOf(await resend(staff, { email: other }))).toEqual(["body.email"]);
    expect(verificationMails(other)).toEqual([]);
    expect(verificationMails(staff.email)).toHaveLength(1);
  });
});
