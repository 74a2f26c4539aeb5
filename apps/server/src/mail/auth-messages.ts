import type { MailMessage } from "./mailer.ts";

const BRAND = "Ultimate Bikes";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function message(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: string,
  link: string,
): MailMessage {
  const text = [`${greeting}`, "", ...lines, "", `${action}: ${link}`, "", `— ${BRAND}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#212529">
<h1 style="color:#dc3545;font-size:22px">${BRAND}</h1>
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#dc3545;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:12px;color:#6c757d">If the button does not work, open this link: ${escapeHtml(link)}</p>
</body></html>`;
  return { to, subject, text, html, link };
}

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
