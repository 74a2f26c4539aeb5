/**
 * The end-to-end app's mail server: real SMTP on a loopback port (SMTP_CAPTURE_PORT), writing each
 * message it receives into OUTBOX_DIR as an .eml file, where the tests read mail as they read the
 * file outbox. So mail in the end-to-end tests goes through the app's SMTP path.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSmtpCapture } from "@ultimate-bikes/test-support/smtp-capture";

const outboxDir = process.env.OUTBOX_DIR;
const port = Number(process.env.SMTP_CAPTURE_PORT);
if (!outboxDir || !port) throw new Error("OUTBOX_DIR and SMTP_CAPTURE_PORT are required");
mkdirSync(outboxDir, { recursive: true });

const capture = await startSmtpCapture({
  port,
  onMessage: ({ raw }) => {
    const name = `${new Date().toISOString().replaceAll(":", "-")}-${randomUUID()}.eml`;
    writeFileSync(path.join(outboxDir, name), raw);
  },
});
process.on("SIGTERM", () => void capture.close().then(() => process.exit(0)));
