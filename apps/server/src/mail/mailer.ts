import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../config.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message exists for; logged when mail goes to the outbox. */
  link: string;
  /** The same for every attempt to send the same message, so a receiver can drop a repeat. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise every message becomes an .eml file in
 * DATA_DIR/outbox and its link is logged, so a fresh install can verify and reset without a server.
 */
export function createMailer(mail: AppConfig["mail"], log: FastifyBaseLogger): Mailer {
  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport(mail.smtpUrl);
    return {
      async send({ link: _link, ...message }) {
        await transport.sendMail({ from: mail.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    async send({ link, ...message }) {
      const { message: raw } = await transport.sendMail({ from: mail.from, ...message });
      // The messages hold live verification and reset links: for the server's user only.
      await mkdir(mail.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(
        mail.outboxDir,
        `${new Date().toISOString().replaceAll(":", "-")}-${randomUUID()}.eml`,
      );
      await writeFile(file, raw as Buffer, { mode: 0o600 });
      log.info(
        { to: message.to, subject: message.subject, link, file },
        "mail written to the outbox",
      );
    },
  };
}
