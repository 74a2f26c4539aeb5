import { sql, type Kysely } from "kysely";

/**
 * Each account's stored role (docs/decisions/014). Every existing and new account starts as a
 * member; what the role means depends on ACCESS_POLICY and ADMIN_EMAILS (auth/roles.ts), so
 * switching the policy never needs a data change.
 */
export function addUserRoles() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table "user" add column "role" text not null default 'member'`.execute(db);
    },
  };
}
