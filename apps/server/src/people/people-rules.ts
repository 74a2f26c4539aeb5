import { LOGIN_PATH } from "@ultimate-bikes/contract/paths";
import {
  INVITATION_LINK_PATH,
  INVITATION_VALID_DAYS,
  INVITED_EMAIL_PARAMETER,
  type InvitationRequest,
  type InvitationResult,
  type People,
  type Person,
  type RemovedPerson,
} from "@ultimate-bikes/contract/people";
import type { Role } from "@ultimate-bikes/contract/roles";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { effectiveRole, type AccessSettings } from "../auth/roles.ts";
import type { Mailer } from "../mail/mailer.ts";
import { invitationMessage, roleChangedMessage } from "../mail/people-messages.ts";
import type { PeopleRepository, StoredPerson } from "./people-repository.ts";

/** The admin making the change. */
export interface Admin {
  id: string;
  name: string;
}

/**
 * Why a change was refused. Nobody changes or removes their own account (so no admin locks
 * everyone out by accident), and an ADMIN_EMAILS admin's role comes from the configuration.
 */
export type PeopleRefusal =
  "change-own-role" | "demote-configured-admin" | "remove-yourself" | "remove-configured-admin";

export type PeopleOutcome<T> =
  | { status: "done"; value: T }
  | { status: "not-found" }
  | { status: "refused"; reason: PeopleRefusal };

const done = <T>(value: T): PeopleOutcome<T> => ({ status: "done", value });
const refused = (reason: PeopleRefusal): PeopleOutcome<never> => ({ status: "refused", reason });
const NOT_FOUND: PeopleOutcome<never> = { status: "not-found" };

const DAY_MS = 24 * 60 * 60 * 1000;

interface PeopleRulesOptions {
  repository: PeopleRepository;
  mailer: Mailer;
  access: AccessSettings;
  publicUrl: string;
}

/** Invite, promote, demote and remove people: what the People routes may do, and the mail it sends. */
export function createPeopleRules({ repository, mailer, access, publicUrl }: PeopleRulesOptions) {
  const isConfiguredAdmin = (email: string) => access.adminEmails.includes(email);

  const asPerson = (stored: StoredPerson): Person => ({
    id: stored.id,
    name: stored.name,
    email: stored.email,
    emailVerified: stored.emailVerified,
    role: effectiveRole({ ...stored, role: stored.storedRole }, access),
    storedRole: stored.storedRole,
    configuredAdmin: isConfiguredAdmin(stored.email),
    createdAt: stored.createdAt,
  });

  /** Why `admin` may not give `person` this role, if they may not. */
  function roleChangeRefusal(admin: Admin, person: StoredPerson, role: Role) {
    if (person.id === admin.id) return "change-own-role";
    if (isConfiguredAdmin(person.email) && role !== "admin") return "demote-configured-admin";
    return undefined;
  }

  function invitationLink(token: string, email: string) {
    const query = new URLSearchParams({ invitation: token, [INVITED_EMAIL_PARAMETER]: email });
    return `${publicUrl}${INVITATION_LINK_PATH}?${query.toString()}`;
  }

  return {
    async list(): Promise<People> {
      const [people, invitations] = await Promise.all([
        repository.listPeople(),
        repository.listPendingInvitations(),
      ]);
      return { people: people.map(asPerson), invitations };
    },

    /**
     * A new email gets a sign-up link valid INVITATION_VALID_DAYS days (only the token's sha256
     * is stored), in place of any earlier one. An email that already has an account gets the role
     * at once, and a notice.
     */
    async invite(
      admin: Admin,
      { email, role }: InvitationRequest,
    ): Promise<PeopleOutcome<InvitationResult>> {
      const existing = await repository.findPersonByEmail(email);
      if (existing) {
        const refusal = roleChangeRefusal(admin, existing, role);
        if (refusal) return refused(refusal);
        const updated = await repository.setStoredRole(existing.id, role);
        if (!updated) return NOT_FOUND;
        await repository.dropPendingInvitations(email);
        await mailer.send(
          roleChangedMessage(
            email,
            updated.name,
            admin.name,
            role,
            updated.emailVerified,
            `${publicUrl}${LOGIN_PATH}`,
          ),
        );
        return done({ person: asPerson(updated) });
      }

      const token = randomBytes(32).toString("base64url");
      const createdAt = new Date();
      const invitation = {
        id: randomUUID(),
        email,
        role,
        createdAt: createdAt.toISOString(),
        expiresAt: new Date(createdAt.getTime() + INVITATION_VALID_DAYS * DAY_MS).toISOString(),
      };
      await repository.replaceInvitation({
        ...invitation,
        tokenHash: createHash("sha256").update(token).digest("base64url"),
        invitedBy: admin.id,
      });
      await mailer.send(invitationMessage(email, admin.name, role, invitationLink(token, email)));
      return done({ invitation: { ...invitation, invitedBy: admin.name } });
    },

    async revokeInvitation(id: string): Promise<PeopleOutcome<{ revoked: true }>> {
      return (await repository.revokeInvitation(id)) ? done({ revoked: true }) : NOT_FOUND;
    },

    /** Promote or demote: sets the stored role, which counts once their email is verified. */
    async changeRole(admin: Admin, id: string, role: Role): Promise<PeopleOutcome<Person>> {
      const person = await repository.findPerson(id);
      if (!person) return NOT_FOUND;
      const refusal = roleChangeRefusal(admin, person, role);
      if (refusal) return refused(refusal);
      const updated = await repository.setStoredRole(id, role);
      return updated ? done(asPerson(updated)) : NOT_FOUND;
    },

    /** Removes the account and signs it out everywhere; the bikes they added become warehouse stock. */
    async remove(admin: Admin, id: string): Promise<PeopleOutcome<RemovedPerson>> {
      const person = await repository.findPerson(id);
      if (!person) return NOT_FOUND;
      if (person.id === admin.id) return refused("remove-yourself");
      if (isConfiguredAdmin(person.email)) return refused("remove-configured-admin");
      const removed = await repository.removePerson(id);
      return removed ? done({ removed: true, bikesKept: removed.bikesKept }) : NOT_FOUND;
    },
  };
}

export type PeopleRules = ReturnType<typeof createPeopleRules>;
