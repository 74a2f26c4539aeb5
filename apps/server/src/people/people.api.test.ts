// Over 300 lines: the People API's calls under ACCESS_POLICY=invite, on one app and its signed-up admin, staff and members.
import {
  invitationResultSchema,
  peopleSchema,
  personSchema,
  type People,
} from "@ultimate-bikes/contract/people";
import { stockMovementListSchema } from "@ultimate-bikes/contract/bikes";
import type { Role } from "@ultimate-bikes/contract/roles";
import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { mailsTo } from "@ultimate-bikes/test-support/mailbox";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  accessTokenFor,
  cookiesFrom,
  postSignIn,
  postSignUp,
  TEST_PASSWORD,
  type TestUser,
} from "../../test/accounts.ts";
import { expectError, fieldsOf } from "../../test/api-errors.ts";
import { roleOf, verifyEmailOf } from "../../test/roles.ts";
import { addBike, deliver, listBikes, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

describe(`the People API under ACCESS_POLICY=invite on ${testDatabaseKind}`, () => {
  const configuredAdminEmail = uniqueEmail("configured-admin");
  const test = useTestApp({
    environment: { ACCESS_POLICY: "invite", ADMIN_EMAILS: configuredAdminEmail },
  });
  let admin: TestUser;

  /** Each sign-up from its own address, so sign-up's rate limit never trips this file. */
  let addresses = 0;
  async function signUpNew(email = uniqueEmail("person")): Promise<TestUser> {
    const address = `10.7.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;
    const signedUp = await postSignUp(test.app, email, address);
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    const signedIn = await postSignIn(test.app, email, TEST_PASSWORD, address);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return { email, cookie: cookiesFrom(signedIn) };
  }

  async function signUpVerified(email?: string): Promise<TestUser> {
    const user = await signUpNew(email);
    await verifyEmailOf(test.app, test.config, user.email);
    return user;
  }

  async function people(): Promise<People> {
    const response = await send(test.app, admin, "GET", "/api/people");
    expect(response.statusCode, response.body).toBe(200);
    return peopleSchema.parse(response.json());
  }

  const pendingInvitationsTo = async (email: string) =>
    (await people()).invitations.filter((listed) => listed.email === email);

  async function idOf(user: TestUser): Promise<string> {
    const person = (await people()).people.find((listed) => listed.email === user.email);
    if (!person) throw new Error(`${user.email} is not listed`);
    return person.id;
  }

  const invite = (email: string, role: Role, as = admin) =>
    send(test.app, as, "POST", "/api/people/invitations", { email, role });

  const setRole = async (user: TestUser, role: Role, as = admin) =>
    send(test.app, as, "PATCH", `/api/people/${await idOf(user)}`, { role });

  function invitationLink(email: string): URL {
    const mail = mailsTo(test.config.mail.outboxDir, email).find((text) =>
      text.includes("/register?invitation="),
    );
    const link = mail && /https?:\/\/\S+\/register\?invitation=\S+/.exec(mail)?.[0];
    if (!link) throw new Error(`no invitation mailed to ${email}`);
    return new URL(link);
  }

  const stockedWarehouseBike = async () =>
    (await listBikes(test.app)).find((bike) => bike.quantity > 5)!._id;

  beforeAll(async () => {
    admin = await signUpVerified(configuredAdminEmail);
  });

  it("is for admins only: 401 anonymous, 403 for members and staff, on every route", async () => {
    const member = await signUpVerified();
    const staff = await signUpVerified();
    expect((await setRole(staff, "staff")).statusCode).toBe(200);
    expect(await roleOf(test.app, staff)).toBe("staff");
    const memberId = await idOf(member);
    const routes = [
      ["GET", "/api/people", undefined],
      ["POST", "/api/people/invitations", { email: uniqueEmail("nobody"), role: "staff" }],
      ["DELETE", `/api/people/invitations/${randomUUID()}`, undefined],
      ["PATCH", `/api/people/${memberId}`, { role: "staff" }],
      ["DELETE", `/api/people/${memberId}`, undefined],
    ] as const;
    for (const [method, url, payload] of routes) {
      expectError(await send(test.app, undefined, method, url, payload), 401);
      for (const caller of [member, staff]) {
        expect(expectError(await send(test.app, caller, method, url, payload), 403)).toMatchObject({
          message: "Only an admin can manage people.",
        });
      }
    }
    expect(await roleOf(test.app, member)).toBe("member");
    expect(await pendingInvitationsTo(routes[1][2].email)).toEqual([]);

    const list = await people();
    expect(list.people.find((person) => person.email === admin.email)).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      email: admin.email,
      emailVerified: true,
      role: "admin",
      storedRole: "member",
      configuredAdmin: true,
      createdAt: expect.any(String),
    });
    expect(list.people.find((person) => person.email === staff.email)).toMatchObject({
      role: "staff",
      storedRole: "staff",
      configuredAdmin: false,
    });
  });

  it("mails an invitation whose sign-up gets the role once the email is verified", async () => {
    const email = uniqueEmail("invited");
    const response = await invite(email, "staff");
    expect(response.statusCode, response.body).toBe(201);
    const result = invitationResultSchema.parse(response.json());
    if (!("invitation" in result)) throw new Error("expected an invitation");
    const { invitation } = result;
    expect(invitation).toMatchObject({ email, role: "staff", invitedBy: expect.any(String) });
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 86_400_000;
    expect(days).toBe(7);
    expect(await pendingInvitationsTo(email)).toEqual([invitation]);

    const link = invitationLink(email);
    expect(link.origin).toBe(test.config.publicUrl);
    expect(link.pathname).toBe("/register");
    expect(link.searchParams.get("email")).toBe(email);
    expect(link.searchParams.get("invitation")).toMatch(/^[\w-]{43}$/);
    expect(mailsTo(test.config.mail.outboxDir, email)[0]).toContain("Subject: You are invited");

    const invited = await signUpNew(email);
    // A role needs a verified email: until then the invited account may do what a member may.
    expect(await roleOf(test.app, invited)).toBe("member");
    await verifyEmailOf(test.app, test.config, email);
    expect(await roleOf(test.app, invited)).toBe("staff");
    expect((await deliver(test.app, invited, await stockedWarehouseBike())).statusCode).toBe(200);
    expect(await pendingInvitationsTo(email)).toEqual([]);
  });

  it("replaces a pending invitation with a second one to the same email", async () => {
    const email = uniqueEmail("invited-twice");
    expect((await invite(email, "member")).statusCode).toBe(201);
    const firstLink = invitationLink(email);
    expect((await invite(email, "admin")).statusCode).toBe(201);
    expect(await pendingInvitationsTo(email)).toEqual([expect.objectContaining({ role: "admin" })]);
    expect(invitationLink(email).searchParams.get("invitation")).not.toBe(
      firstLink.searchParams.get("invitation"),
    );

    const invited = await signUpVerified(email);
    expect(await roleOf(test.app, invited)).toBe("admin");
  });

  it("revokes a pending invitation: a sign-up after it gets no role", async () => {
    const email = uniqueEmail("revoked");
    const { invitation } = (await invite(email, "staff")).json() as { invitation: { id: string } };
    const url = `/api/people/invitations/${invitation.id}`;
    const revoked = await send(test.app, admin, "DELETE", url);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ revoked: true });
    expect(await pendingInvitationsTo(email)).toEqual([]);
    expectError(await send(test.app, admin, "DELETE", url), 404);
    expectError(await send(test.app, admin, "DELETE", "/api/people/invitations/not-an-id"), 404);

    const signedUp = await signUpVerified(email);
    expect(await roleOf(test.app, signedUp)).toBe("member");
  });

  it("gives an existing account the role at once and mails them a notice", async () => {
    const existing = await signUpNew();
    const response = await invite(existing.email, "staff");
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      person: expect.objectContaining({
        email: existing.email,
        storedRole: "staff",
        // Not verified yet, so the stored role does not count.
        role: "member",
        emailVerified: false,
      }),
    });
    const notice = mailsTo(test.config.mail.outboxDir, existing.email)[0];
    expect(notice).toContain("Subject: Your role at Ultimate Bikes has changed");
    expect(notice).toContain(`${test.config.publicUrl}/login`);
    expect(notice).toContain("counts once your email address is verified");
    expect(await pendingInvitationsTo(existing.email)).toEqual([]);

    await verifyEmailOf(test.app, test.config, existing.email);
    expect(await roleOf(test.app, existing)).toBe("staff");
  });

  it("names the field of a bad invitation", async () => {
    expect(fieldsOf(await invite("not-an-email", "staff"))).toEqual(["body.email"]);
    expect(fieldsOf(await invite(uniqueEmail(), "owner" as Role))).toEqual(["body.role"]);
    const extra = await send(test.app, admin, "POST", "/api/people/invitations", {
      email: uniqueEmail(),
      role: "staff",
      invitedBy: "someone",
    });
    expect(fieldsOf(extra)).toEqual(["body.invitedBy"]);
  });

  it("promotes a member to staff, who can then deliver, and demotes them again", async () => {
    const colleague = await signUpVerified();
    const bikeId = await stockedWarehouseBike();
    expectError(await deliver(test.app, colleague, bikeId), 403);

    const promoted = await setRole(colleague, "staff");
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(personSchema.parse(promoted.json())).toMatchObject({
      role: "staff",
      storedRole: "staff",
    });
    expect((await deliver(test.app, colleague, bikeId)).statusCode).toBe(200);

    expect((await setRole(colleague, "member")).statusCode).toBe(200);
    expectError(await deliver(test.app, colleague, bikeId), 403);
    expect(await roleOf(test.app, colleague)).toBe("member");
  });

  it("answers 404 for an unknown or malformed person id and 400 for a bad role", async () => {
    for (const id of ["unknownPerson123", "not%20an%20id"]) {
      expectError(
        await send(test.app, admin, "PATCH", `/api/people/${id}`, { role: "staff" }),
        404,
      );
      expectError(await send(test.app, admin, "DELETE", `/api/people/${id}`), 404);
    }
    const someone = await signUpNew();
    expect(fieldsOf(await setRole(someone, "boss" as Role))).toEqual(["body.role"]);
  });

  it("refuses changing your own role or removing yourself, and demoting an ADMIN_EMAILS admin", async () => {
    const adminId = await idOf(admin);
    const ownRole = expectError(await setRole(admin, "member"), 409);
    expect(ownRole.message).toContain("your own role");
    const ownRemoval = expectError(
      await send(test.app, admin, "DELETE", `/api/people/${adminId}`),
      409,
    );
    expect(ownRemoval.message).toContain("your own account");
    expectError(await invite(admin.email, "staff"), 409);

    const secondAdmin = await signUpVerified();
    expect((await setRole(secondAdmin, "admin")).statusCode).toBe(200);
    expect(await roleOf(test.app, secondAdmin)).toBe("admin");
    const demotion = expectError(await setRole(admin, "staff", secondAdmin), 409);
    expect(demotion.message).toContain("ADMIN_EMAILS");
    expectError(await send(test.app, secondAdmin, "DELETE", `/api/people/${adminId}`), 409);
    expectError(await invite(admin.email, "member", secondAdmin), 409);
    expect(await roleOf(test.app, admin)).toBe("admin");
  });

  it("removes an account: its session and access token stop at once, its bikes become warehouse stock", async () => {
    const leaving = await signUpVerified();
    expect((await setRole(leaving, "staff")).statusCode).toBe(200);
    const bikeId = await addBike(test.app, leaving);
    const token = await accessTokenFor(test.app, leaving);
    const bearer = { authorization: `Bearer ${token}` };
    const ledgerUrl = `/api/bikes/${bikeId}/movements`;
    expect((await send(test.app, leaving, "GET", ledgerUrl)).statusCode).toBe(200);
    expect((await send(test.app, undefined, "GET", ledgerUrl, undefined, bearer)).statusCode).toBe(
      200,
    );

    const removed = await send(test.app, admin, "DELETE", `/api/people/${await idOf(leaving)}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ removed: true, bikesKept: 1 });

    expectError(await send(test.app, leaving, "GET", ledgerUrl), 401);
    expectError(await send(test.app, undefined, "GET", ledgerUrl, undefined, bearer), 401);
    expectError(await deliver(test.app, leaving, await stockedWarehouseBike()), 401);
    // The web app asks who is signed in: nobody, now.
    expect((await send(test.app, leaving, "GET", "/api/account")).json()).toBeNull();
    expect((await people()).people.some((person) => person.email === leaving.email)).toBe(false);

    expect((await test.app.inject(`/api/bikes/${bikeId}`)).statusCode).toBe(200);
    const ledger = await send(test.app, admin, "GET", ledgerUrl);
    expect(stockMovementListSchema.parse(ledger.json())).toEqual([
      expect.objectContaining({ kind: "create", actorName: "A former colleague" }),
    ]);
    // Their bike is warehouse stock now: staff may delete it like any other.
    const staff = await signUpVerified();
    expect((await setRole(staff, "staff")).statusCode).toBe(200);
    expect((await send(test.app, staff, "DELETE", `/api/bikes/${bikeId}`)).statusCode).toBe(200);
  });
});
