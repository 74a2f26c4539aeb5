import { z } from "zod";
import { safeText } from "./safe-text.ts";

/** The longest address SMTP can carry (RFC 5321: a 256-octet path less its angle brackets). */
export const EMAIL_MAX = 254;

/**
 * Every email a request carries, normalised once here: trimmed and lowercased, as better-auth
 * stores every account's email. So "is this the caller's own email?" is a plain comparison.
 */
export const emailSchema = safeText(EMAIL_MAX, {
  required: false,
  missing: "must be an email address",
})
  .toLowerCase()
  .check(z.email("must be an email address"));
