import type { AccessSettings } from "../auth/roles.ts";
import type { AlertTiming } from "../config.ts";
import { effectiveRole } from "../auth/roles.ts";
import { canChangeStock } from "@ultimate-bikes/contract/roles";
import type { FastifyBaseLogger } from "fastify";
import type { StockChanges } from "../db/stock-changes.ts";
import { lowStockMessage } from "../mail/alert-messages.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { AlertsRepository, ClaimedAlert } from "./alerts-repository.ts";

const RETRY_MAX_MS = 60 * 60 * 1000;
const BATCH = 20;

interface WorkerOptions {
  alerts: AlertsRepository;
  mailer: Mailer;
  changes: StockChanges;
  access: AccessSettings;
  publicUrl: string;
  timing: AlertTiming;
  log: FastifyBaseLogger;
}

/**
 * Sends the low-stock alerts the database queued (docs/decisions/020): to every subscribed
 * person who is staff now, one mail each, the alert's Message-ID the same on every attempt. A
 * failure is retried with a doubling wait; an alert is taken by one server at a time. It looks on
 * every stock change signal and every `pollMs`.
 */
export function startLowStockAlerts({
  alerts,
  mailer,
  changes,
  access,
  publicUrl,
  timing,
  log,
}: WorkerOptions) {
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let stopped = false;

  async function send(alert: ClaimedAlert) {
    const recipients = (await alerts.subscribers()).filter((person) =>
      canChangeStock(effectiveRole(person, access)),
    );
    const link = `${publicUrl}/inventory/${alert.bikeId}`;
    const bike = {
      name: alert.bikeName,
      quantity: alert.quantity,
      reorderPoint: alert.reorderPoint,
    };
    for (const person of recipients) {
      await mailer.send({
        ...lowStockMessage(person.email, person.name, bike, link),
        messageId: `<low-stock-${alert.id}-${encodeURIComponent(person.email)}@ultimate-bikes>`,
      });
    }
  }

  async function sendDue() {
    for (;;) {
      const claimed = await alerts.claimDue(BATCH, timing.claimMs);
      for (const alert of claimed) {
        try {
          await send(alert);
          await alerts.markSent(alert.id);
        } catch (error) {
          const wait = Math.min(timing.retryBaseMs * 2 ** (alert.attempts - 1), RETRY_MAX_MS);
          const message = (error as Error).message;
          log.warn(
            { alert: alert.id, attempts: alert.attempts, err: error },
            "low-stock alert not sent; will retry",
          );
          await alerts.retryLater(alert.id, new Date(Date.now() + wait), message).catch(() => {});
        }
      }
      if (claimed.length < BATCH) return;
    }
  }

  /** One look at a time; a signal during a look asks for one more after it. */
  function look() {
    if (stopped) return;
    again = true;
    running = running.then(async () => {
      while (again && !stopped) {
        again = false;
        await sendDue().catch((error: unknown) =>
          log.warn({ err: error }, "could not look for low-stock alerts; trying again soon"),
        );
      }
    });
  }

  const stopListening = changes.subscribe(() => look());
  const timer = setInterval(look, timing.pollMs);
  timer.unref();
  look();
  return {
    /** Stops looking and waits for a look under way, so the database can close after it. */
    async stop() {
      stopped = true;
      stopListening();
      clearInterval(timer);
      await running;
    },
  };
}
