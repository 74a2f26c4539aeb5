import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Undoes the soft line breaks and =XX escapes nodemailer uses for long lines. */
export const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );

/**
 * The link in the newest message to `email` in the file outbox (`DATA_DIR/outbox`, used when
 * SMTP_URL is unset) whose link contains `pathPart`; undefined when there is none yet.
 */
export function findMailedLink(
  outboxDir: string,
  email: string,
  pathPart = "",
): string | undefined {
  const pattern = new RegExp(`https?://\\S+?${pathPart}\\S*?\\?token=[\\w.-]+`);
  for (const file of readdirSync(outboxDir).sort().reverse()) {
    const message = decodeQuotedPrintable(readFileSync(path.join(outboxDir, file), "utf8"));
    if (!message.includes(`To: ${email}`)) continue;
    const link = pattern.exec(message)?.[0];
    if (link) return link;
  }
  return undefined;
}

/** Every message in the file outbox addressed to `email`, newest first, decoded to text. */
export function mailsTo(outboxDir: string, email: string): string[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .sort()
    .reverse()
    .map((file) => decodeQuotedPrintable(readFileSync(path.join(outboxDir, file), "utf8")))
    .filter((message) => message.includes(`To: ${email}`));
}
