import { z } from "zod";
import { emailSchema } from "./email.ts";
import { safeText } from "./safe-text.ts";

/** The longest token a mailed link carries (ours are a few hundred characters). */
export const LINK_TOKEN_MAX = 2000;

/**
 * `POST /api/login`: the original API's call that trades a signed-in session for an access token
 * (docs/product.md, API).
 */
export const accessTokenRequestSchema = z.strictObject({ email: emailSchema });

export const accessTokenResponseSchema = z.object({ accessToken: z.string() });

/** Which sign-in providers this server has credentials for; the others' buttons say so. */
export const signInProvidersSchema = z.object({ google: z.boolean(), github: z.boolean() });

export type SignInProviders = z.infer<typeof signInProvidersSchema>;

/** The key the web app keeps the access token under (docs/product.md, Data and Constants). */
export const ACCESS_TOKEN_STORAGE_KEY = "accessToken";

/**
 * What a link from an email will do before anyone uses it, so its page can say so plainly:
 * `used` (already verified / already reset), `expired`, or `invalid`.
 */
export const linkStatusSchema = z.object({
  status: z.enum(["valid", "used", "expired", "invalid"]),
});

export const linkStatusQuerySchema = z.strictObject({
  token: safeText(LINK_TOKEN_MAX, { trim: false }),
});

export type LinkStatus = z.infer<typeof linkStatusSchema>["status"];

/** One new verification link per account at most this often (`POST /api/account/verification-email`). */
export const VERIFICATION_EMAIL_INTERVAL_SECONDS = 60;

/** `POST /api/account/verification-email`: to the caller's own email, so the body names nobody. */
export const verificationEmailRequestSchema = z.strictObject({});

/** A new verification link is on its way to `email`. */
export const verificationEmailSentSchema = z.object({ sent: z.literal(true), email: z.string() });

export type VerificationEmailSent = z.infer<typeof verificationEmailSentSchema>;
