import { BRAND, message } from "./message-layout.ts";

export const verificationMessage = (to: string, name: string, link: string) =>
  message(
    to,
    `Verify your email for ${BRAND}`,
    `Hello ${name || "there"},`,
    [
      "Thanks for registering. Please confirm this is your email address.",
      "The link works for 24 hours.",
    ],
    "Verify my email",
    link,
  );

export const passwordResetMessage = (to: string, name: string, link: string) =>
  message(
    to,
    `Reset your ${BRAND} password`,
    `Hello ${name || "there"},`,
    [
      "Someone asked to reset the password of your account. If it was you, choose a new one below.",
      "The link works for one hour. If you did not ask, ignore this message: your password stays as it is.",
    ],
    "Choose a new password",
    link,
  );

/**
 * To the owner of an email someone tried to register again: sign-up answers the same either way
 * (docs/decisions/012), so this message is how the real owner learns of it.
 */
export const existingAccountMessage = (to: string, name: string, link: string) =>
  message(
    to,
    `Someone tried to register with your email at ${BRAND}`,
    `Hello ${name || "there"},`,
    [
      "Someone just tried to register a new account with this email address, which already has an account.",
      'If it was you, log in instead; if you forgot your password, use "Reset your password" on the login page.',
      "If it was not you, ignore this message: nothing has changed.",
    ],
    "Log in",
    link,
  );
