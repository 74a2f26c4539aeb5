import { z } from "zod";
import { emailSchema } from "./email.ts";
import { roleSchema } from "./roles.ts";

/*
 * The People page's API (admins only): who has an account and with which role, pending
 * invitations, and the calls that invite, promote, demote and remove people.
 */

/** How long a mailed invitation link stays good. */
export const INVITATION_VALID_DAYS = 7;

/** The page a mailed invitation opens: sign-up, with `?invitation=` and the email to pre-fill. */
export const INVITATION_LINK_PATH = "/register";

/** The query parameter of an invitation link that carries the invited email. */
export const INVITED_EMAIL_PARAMETER = "email";

export const NO_SUCH_PERSON = "No person with that id";
export const NO_SUCH_INVITATION = "No pending invitation with that id";

/**
 * An account's id as better-auth makes them (letters and digits). Anything else names nobody, so
 * it is the same 404 as an unknown id (docs/decisions/003).
 */
export const personIdParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: NO_SUCH_PERSON }),
});

export const invitationIdParams = z.object({ id: z.uuid({ error: NO_SUCH_INVITATION }) });

export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** What they may do now, under ACCESS_POLICY and ADMIN_EMAILS. */
  role: roleSchema,
  /** The role an admin gave them; it counts once their email is verified. */
  storedRole: roleSchema,
  /** Named in ADMIN_EMAILS: an admin by the server's configuration, whatever is stored. */
  configuredAdmin: z.boolean(),
  createdAt: z.string(),
});

export type Person = z.infer<typeof personSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  /** The admin who sent it; null once their account has been removed. */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});

export type Invitation = z.infer<typeof invitationSchema>;

/** `GET /api/people`: everyone, newest first, and the invitations still waiting for a sign-up. */
export const peopleSchema = z.object({
  people: z.array(personSchema),
  invitations: z.array(invitationSchema),
});

export type People = z.infer<typeof peopleSchema>;

/** `POST /api/people/invitations`. */
export const invitationRequestSchema = z.strictObject({ email: emailSchema, role: roleSchema });

export type InvitationRequestInput = z.input<typeof invitationRequestSchema>;
export type InvitationRequest = z.output<typeof invitationRequestSchema>;

/**
 * What an invitation did: a new email got a mailed sign-up link (`invitation`), or the email
 * already had an account, whose role was set at once and who was mailed a notice (`person`).
 */
export const invitationResultSchema = z.union([
  z.object({ invitation: invitationSchema }),
  z.object({ person: personSchema }),
]);

export type InvitationResult = z.infer<typeof invitationResultSchema>;

export const revokedSchema = z.object({ revoked: z.literal(true) });

/** `PATCH /api/people/{id}`: promote or demote. */
export const roleChangeSchema = z.strictObject({ role: roleSchema });

/**
 * `DELETE /api/people/{id}`: the account is gone and signed out everywhere; the bikes they added
 * stay in the warehouse (`bikesKept`) and the ledger keeps their history.
 */
export const removedPersonSchema = z.object({
  removed: z.literal(true),
  bikesKept: z.number().int(),
});

export type RemovedPerson = z.infer<typeof removedPersonSchema>;
