import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** The account behind a session, as an access token needs it (docs/decisions/014). */
export interface SessionAccount {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** The stored role, as auth/roles.ts reads it. */
  role: string;
}

/**
 * better-auth's session table, read directly only to check that the session an access token
 * was issued in still lives: undefined once it was deleted (logout, a password reset, a removed
 * account) or has expired.
 */
export async function findLiveSessionAccount(
  db: Kysely<Database>,
  { sessionId, userId }: { sessionId: string; userId: string },
): Promise<SessionAccount | undefined> {
  const row = await db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select([
      "user.id",
      "user.email",
      "user.name",
      "user.emailVerified",
      "user.role",
      "session.expiresAt",
    ])
    .where("session.id", "=", sessionId)
    .where("session.userId", "=", userId)
    .executeTakeFirst();
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return undefined;
  const { id, email, name, emailVerified, role } = row;
  return { id, email, name, emailVerified: Boolean(emailVerified), role };
}
