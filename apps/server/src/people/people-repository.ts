import { roleSchema, type Role } from "@ultimate-bikes/contract/roles";
import type { Kysely } from "kysely";
import { toIsoTimestamp, type Database, type Timestamp } from "../db/schema.ts";

/**
 * The People page lists at most this many accounts and invitations, newest first: a warehouse
 * has far fewer people, so it needs no paging; the limit only keeps one answer bounded.
 */
const PEOPLE_LIST_LIMIT = 500;

/** An account as stored: the role is the one an admin gave, before policy and verification. */
export interface StoredPerson {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  storedRole: Role;
  createdAt: string;
}

export interface StoredInvitation {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

export interface NewInvitation {
  id: string;
  email: string;
  role: Role;
  tokenHash: string;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

interface PersonRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  role: string;
  createdAt: Timestamp;
}

/** Anything unknown in the role column counts as a member, as auth/roles.ts reads it. */
const storedRoleOf = (role: unknown): Role => {
  const parsed = roleSchema.safeParse(role);
  return parsed.success ? parsed.data : "member";
};

const toPerson = (row: PersonRow): StoredPerson => ({
  id: row.id,
  name: row.name,
  email: row.email,
  // SQLite keeps better-auth's booleans as 0 and 1.
  emailVerified: Boolean(row.emailVerified),
  storedRole: storedRoleOf(row.role),
  createdAt: toIsoTimestamp(row.createdAt),
});

const now = () => new Date().toISOString();

const personColumns = [
  "user.id",
  "user.name",
  "user.email",
  "user.emailVerified",
  "user.role",
  "user.createdAt",
] as const;

/**
 * Data access for the People page: better-auth's user table (it owns the rest of that table; we
 * read it and set the role) and our invitations. Emails are compared lowercased, as stored.
 */
export function createPeopleRepository(db: Kysely<Database>) {
  async function findPerson(id: string): Promise<StoredPerson | undefined> {
    const row = await db
      .selectFrom("user")
      .select(personColumns)
      .where("user.id", "=", id)
      .executeTakeFirst();
    return row && toPerson(row);
  }

  function pendingInvitations() {
    return db
      .selectFrom("invitation")
      .leftJoin("user as inviter", "inviter.id", "invitation.invited_by")
      .select([
        "invitation.id",
        "invitation.email",
        "invitation.role",
        "inviter.name as invitedBy",
        "invitation.created_at",
        "invitation.expires_at",
      ])
      .where("invitation.accepted_at", "is", null)
      .where("invitation.expires_at", ">", now());
  }

  return {
    async listPeople(): Promise<StoredPerson[]> {
      const rows = await db
        .selectFrom("user")
        .select(personColumns)
        .orderBy("user.createdAt", "desc")
        .orderBy("user.id", "desc")
        .limit(PEOPLE_LIST_LIMIT)
        .execute();
      return rows.map(toPerson);
    },

    findPerson,

    async findPersonByEmail(email: string): Promise<StoredPerson | undefined> {
      const row = await db
        .selectFrom("user")
        .select(personColumns)
        .where("user.email", "=", email.toLowerCase())
        .executeTakeFirst();
      return row && toPerson(row);
    },

    async setStoredRole(id: string, role: Role): Promise<StoredPerson | undefined> {
      await db.updateTable("user").set({ role }).where("id", "=", id).execute();
      return findPerson(id);
    },

    /**
     * Deletes the account; better-auth's sessions and linked accounts go with it (foreign keys
     * on delete cascade), so every session and access token of theirs stops at once. The bikes
     * they added, in stock or recently deleted, become warehouse stock in the same transaction:
     * staff can then deliver, delete or restore them, and the ledger names the person "A former
     * colleague". Undefined when there was no such account.
     */
    async removePerson(id: string): Promise<{ bikesKept: number } | undefined> {
      return db.transaction().execute(async (trx) => {
        const kept = await trx
          .updateTable("bike")
          .set({ owner_id: null })
          .where("owner_id", "=", id)
          .executeTakeFirst();
        await trx
          .updateTable("deleted_bike")
          .set({ owner_id: null })
          .where("owner_id", "=", id)
          .execute();
        const deleted = await trx.deleteFrom("user").where("id", "=", id).executeTakeFirst();
        return deleted.numDeletedRows > 0n ? { bikesKept: Number(kept.numUpdatedRows) } : undefined;
      });
    },

    async listPendingInvitations(): Promise<StoredInvitation[]> {
      const rows = await pendingInvitations()
        .orderBy("invitation.created_at", "desc")
        .orderBy("invitation.id", "desc")
        .limit(PEOPLE_LIST_LIMIT)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        role: storedRoleOf(row.role),
        invitedBy: row.invitedBy,
        createdAt: toIsoTimestamp(row.created_at),
        expiresAt: toIsoTimestamp(row.expires_at),
      }));
    },

    /** A new invitation in place of any earlier one to the same email not yet accepted. */
    async replaceInvitation(invitation: NewInvitation): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom("invitation")
          .where("email", "=", invitation.email)
          .where("accepted_at", "is", null)
          .execute();
        await trx
          .insertInto("invitation")
          .values({
            id: invitation.id,
            email: invitation.email,
            role: invitation.role,
            token_hash: invitation.tokenHash,
            invited_by: invitation.invitedBy,
            created_at: invitation.createdAt,
            expires_at: invitation.expiresAt,
            accepted_at: null,
          })
          .execute();
      });
    },

    /** Drops the invitations to an email that now has an account: nobody can accept them. */
    async dropPendingInvitations(email: string): Promise<void> {
      await db
        .deleteFrom("invitation")
        .where("email", "=", email.toLowerCase())
        .where("accepted_at", "is", null)
        .execute();
    },

    /** Whether a not yet accepted invitation with this id existed (and is now gone). */
    async revokeInvitation(id: string): Promise<boolean> {
      const deleted = await db
        .deleteFrom("invitation")
        .where("id", "=", id)
        .where("accepted_at", "is", null)
        .executeTakeFirst();
      return deleted.numDeletedRows > 0n;
    },
  };
}

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;

/**
 * For sign-up (auth/auth.ts): the role of the newest pending, unexpired invitation to `email`,
 * as the new account's stored role; undefined when nobody invited that email.
 */
export async function invitedRoleOf(
  db: Kysely<Database>,
  email: string,
): Promise<{ role: Role } | undefined> {
  const row = await db
    .selectFrom("invitation")
    .select("role")
    .where("email", "=", email.toLowerCase())
    .where("accepted_at", "is", null)
    .where("expires_at", ">", now())
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row && { role: storedRoleOf(row.role) };
}

/** For sign-up: the account for `email` exists now, so its pending invitation is accepted. */
export async function acceptInvitationOf(db: Kysely<Database>, email: string): Promise<void> {
  await db
    .updateTable("invitation")
    .set({ accepted_at: now() })
    .where("email", "=", email.toLowerCase())
    .where("accepted_at", "is", null)
    .where("expires_at", ">", now())
    .execute();
}
