import type { MailMessage } from "./mailer.ts";

export const BRAND = "Ultimate Bikes";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Every mail we send: a greeting, a few lines and one button, as text and as html. */
export function message(
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
