import { INVITATION_VALID_DAYS } from "@ultimate-bikes/contract/people";
import type { Role } from "@ultimate-bikes/contract/roles";
import { BRAND, message } from "./message-layout.ts";

/** What each role may do, in the words an invitation uses. */
const ROLE_DESCRIPTIONS: Record<Role, string> = {
  member: "a member, who adds and manages their own bikes",
  staff: "warehouse staff, who deliver, import and manage the warehouse stock",
  admin: "an admin, who manages the stock and the people who work with it",
};

/** To an email an admin invited: a sign-up link that gives the account the invited role. */
export const invitationMessage = (to: string, invitedBy: string, role: Role, link: string) =>
  message(
    to,
    `You are invited to ${BRAND}`,
    "Hello,",
    [
      `${invitedBy} invited you to ${BRAND} as ${ROLE_DESCRIPTIONS[role]}.`,
      "Register with this email address through the link below. We then mail you a link to verify the address: your role counts once it is verified.",
      `The invitation works for ${INVITATION_VALID_DAYS} days. If you did not expect it, ignore this message.`,
    ],
    "Accept the invitation",
    link,
  );

/**
 * To someone who already has an account when an admin invites them: their role changed at once;
 * an unverified email still has to be verified before it counts.
 */
export const roleChangedMessage = (
  to: string,
  name: string,
  invitedBy: string,
  role: Role,
  emailVerified: boolean,
  link: string,
) =>
  message(
    to,
    `Your role at ${BRAND} has changed`,
    `Hello ${name || "there"},`,
    [
      `${invitedBy} made you ${ROLE_DESCRIPTIONS[role]}.`,
      emailVerified
        ? "Log in to use it."
        : "Your new role counts once your email address is verified: open the verification link we mailed you when you registered, then log in.",
    ],
    "Log in",
    link,
  );
