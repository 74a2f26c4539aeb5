import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { findMailedLink } from "@ultimate-bikes/test-support/mailbox";
import type { Role } from "@ultimate-bikes/contract/roles";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/database.ts";
import { signUp, type TestUser } from "./accounts.ts";

/** Follows the verification link mailed to `email` (file outbox), as its owner would. */
export async function verifyEmailOf(
  app: FastifyInstance,
  config: AppConfig,
  email: string,
): Promise<void> {
  const link = findMailedLink(config.mail.outboxDir, email, "verify-email");
  if (!link) throw new Error(`no verification mail to ${email}`);
  const token = new URL(link).searchParams.get("token") ?? "";
  const response = await app.inject(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  if (response.statusCode !== 200) {
    throw new Error(`verification failed: ${response.statusCode} ${response.body}`);
  }
}

/**
 * Writes an account's stored role straight into the database, as a People page change would,
 * for tests of what a role may do rather than of how it is given.
 */
export async function storeRole(
  app: FastifyInstance,
  config: AppConfig,
  email: string,
  role: Role,
): Promise<void> {
  const { db } = openDatabase(config.database, app.log);
  try {
    await db.updateTable("user").set({ role }).where("email", "=", email).execute();
  } finally {
    await db.destroy();
  }
}

/**
 * A signed-in account holding `role` under ACCESS_POLICY=invite: a member as signed up; staff and
 * admins with a verified email and the stored role (an admin may also come from ADMIN_EMAILS).
 */
export async function signUpAs(
  app: FastifyInstance,
  config: AppConfig,
  role: Role,
  email = uniqueEmail(role),
): Promise<TestUser> {
  const user = await signUp(app, email);
  if (role === "member") return user;
  await verifyEmailOf(app, config, email);
  await storeRole(app, config, email, role);
  return user;
}

/** What GET /api/account says the caller may do. */
export async function roleOf(app: FastifyInstance, user: TestUser): Promise<Role> {
  const response = await app.inject({ url: "/api/account", headers: { cookie: user.cookie } });
  if (response.statusCode !== 200) throw new Error(`account failed: ${response.statusCode}`);
  return (response.json() as { role: Role }).role;
}
