import type { FastifyBaseLogger } from "fastify";
import { holdExpiredMessage } from "../mail/hold-messages.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { ExpiryMail, HoldsRepository } from "./holds-repository.ts";

const BATCH = 20;

interface WorkerOptions {
  holds: HoldsRepository;
  mailer: Mailer;
  publicUrl: string;
  /** How often it looks for holds past their expiry. */
  pollMs: number;
  log: FastifyBaseLogger;
}

/**
 * Ends holds past their expiry and tells each maker once (issue 24, section 3). Any number of
 * servers may run it: each hold is ended in a transaction that finds it still open, and each mail
 * is claimed by one server (holds-repository.ts); a mail not sent is claimed again on a later look.
 * No stock change makes a hold due, so it looks on a timer only.
 */
export function startHoldExpiry({ holds, mailer, publicUrl, pollMs, log }: WorkerOptions) {
  let running: Promise<void> = Promise.resolve();
  let looking = false;
  let stopped = false;

  /** Mails the hold's maker; false when it could not (the mail is claimed again later). */
  async function tell(hold: ExpiryMail): Promise<boolean> {
    // The maker has left: nobody to tell.
    if (!hold.makerEmail) return true;
    const link = hold.unitId
      ? `${publicUrl}/units/${hold.unitId}`
      : `${publicUrl}/inventory/${hold.bikeId}`;
    try {
      await mailer.send({
        ...holdExpiredMessage(hold.makerEmail, hold.makerName ?? hold.makerEmail, hold, link),
        // One mail per hold ever: its id names it (short, so the header stays on one line).
        messageId: `<hold-${hold.holdId}@ultimate-bikes>`,
      });
      return true;
    } catch (error) {
      log.warn({ hold: hold.holdId, err: error }, "hold expiry mail not sent; will retry");
      await holds.unclaimExpiryMail(hold.holdId);
      return false;
    }
  }

  async function expireAndTell() {
    while ((await holds.expireDue(BATCH)) === BATCH && !stopped);
    for (;;) {
      const claimed = await holds.claimExpiryMails(BATCH);
      let allSent = true;
      for (const hold of claimed) allSent = (await tell(hold)) && allSent;
      // A mail server refusing is asked again on the next look, not at once.
      if (claimed.length < BATCH || !allSent || stopped) return;
    }
  }

  /** One look at a time: a tick during a look is skipped. */
  function look() {
    if (stopped || looking) return;
    looking = true;
    running = expireAndTell()
      .catch((error: unknown) =>
        log.warn({ err: error }, "could not expire holds; trying again soon"),
      )
      .finally(() => {
        looking = false;
      });
  }

  const timer = setInterval(look, pollMs);
  timer.unref();
  look();
  return {
    /** Stops looking and waits for a look under way, so the database can close after it. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
