import { startSmtpCapture } from "@ultimate-bikes/test-support/smtp-capture";
import { afterAll, beforeAll } from "vitest";

type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/**
 * An SMTP server that keeps what it is sent, for the calling test file, and the environment
 * that makes an app mail through it. Call it before `useTestApp({ environment })`.
 */
export function useSmtpCapture(): {
  readonly environment: Record<string, string>;
  readonly smtp: SmtpCapture;
} {
  let capture: SmtpCapture | undefined;
  const environment: Record<string, string> = {};
  beforeAll(async () => {
    capture = await startSmtpCapture();
    environment.SMTP_URL = capture.url;
  });
  afterAll(() => capture?.close());
  return {
    environment,
    get smtp() {
      if (!capture) throw new Error("The SMTP capture is only there inside tests and hooks");
      return capture;
    },
  };
}
