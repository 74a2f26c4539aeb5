import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  subject: string;
  messageId: string;
  raw: string;
}

/**
 * A real SMTP server on a loopback port that keeps every message it accepts (and hands each to
 * `onMessage`), for tests of mail that must go through SMTP. `refuseNext(n)` makes it answer the
 * next n messages with a 451, as a busy server would.
 */
export async function startSmtpCapture({
  port = 0,
  onMessage = () => {},
}: { port?: number; onMessage?: (mail: CapturedMail) => void } = {}) {
  const messages: CapturedMail[] = [];
  let toRefuse = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (toRefuse > 0) {
          toRefuse--;
          refused++;
          const busy = Object.assign(new Error("Try again later"), { responseCode: 451 });
          callback(busy);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const header = (name: string) =>
          new RegExp(`^${name}: (.*)$`, "im").exec(raw)?.[1]?.trim() ?? "";
        const mail = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: header("Subject"),
          messageId: header("Message-ID"),
          raw,
        };
        messages.push(mail);
        onMessage(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    refuseNext(count: number) {
      toRefuse = count;
    },
    get refused() {
      return refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
