import { z } from "zod";

/** The longest address SMTP can carry (RFC 5321: a 256-octet path less its angle brackets). */
const EMAIL_MAX = 254;

/**
 * Every email a request carries, normalised once here: trimmed and lowercased, as better-auth
 * stores every account's email. So "is this the caller's own email?" is a plain comparison.
 */
export const emailSchema = z
  .string({ error: "must be an email address" })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, `must be at most ${EMAIL_MAX} characters`)
  .check(z.email("must be an email address"));
