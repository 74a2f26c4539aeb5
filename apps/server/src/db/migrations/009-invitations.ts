import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/**
 * Invitations an admin sends from the People page: the invited email and role, and the sha256 of
 * the mailed token (never the token itself). A sign-up with that email takes the role while the
 * invitation is pending and unexpired (people/people-repository.ts).
 */
export function createInvitations(kind: DatabaseKind) {
  const time = kind === "postgres" ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      const statements = [
        // The inviter's account may be removed later; the invitation then names nobody.
        sql`create table "invitation" ("id" text not null primary key, "email" text not null, "role" text not null check ("role" in ('member', 'staff', 'admin')), "token_hash" text not null unique, "invited_by" text references "user" ("id") on delete set null, "created_at" ${time} not null, "expires_at" ${time} not null, "accepted_at" ${time})`,
        sql`create index "invitation_email_idx" on "invitation" ("email")`,
      ];
      // PostgreSQL's migrator runs this in a transaction; SQLite gets its own, so a half-made
      // table never stops the next start.
      const run = async (executor: Kysely<unknown>) => {
        for (const statement of statements) await statement.execute(executor);
      };
      if (kind === "postgres") await run(db);
      else await db.transaction().execute(run);
    },
  };
}
