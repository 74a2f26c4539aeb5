import { NO_SUCH_BIKE } from "@ultimate-bikes/contract/bikes";
import { NO_SUCH_PLACE } from "@ultimate-bikes/contract/places";
import {
  NO_SUCH_TRANSFER,
  TRANSFER_STATUS_LABELS,
  type Transfer,
} from "@ultimate-bikes/contract/transfers";
import { HttpError } from "../plugins/errors.ts";
import { unitRefusalAnswer } from "../units/unit-refusals.ts";
import type { TransferOutcome } from "./transfer-rules.ts";

/** "2026-11-26 11:42 UTC": when a step happened, in a 409's words. */
const whenOf = (at: string) => `${at.slice(0, 16).replace("T", " ")} UTC`;

/** Where a transfer stands, in one short sentence: "T-000042 is already Received by Karim at …". */
export function stateMessage(transfer: Transfer): string {
  const { number, status } = transfer;
  const step = {
    draft: null,
    sent: transfer.sent,
    received: transfer.received,
    cancelled: transfer.cancelled,
  }[status];
  if (!step) return `${number} is still a Draft: it has not been sent.`;
  const by = step.by ?? "someone";
  const label = TRANSFER_STATUS_LABELS[status];
  if (status === "sent")
    return `${number} is already ${label}: sent by ${by} at ${whenOf(step.at)}.`;
  return `${number} is already ${label} by ${by} at ${whenOf(step.at)}.`;
}

/**
 * The one place a transfer refusal becomes an HTTP error: 404 for an unknown transfer, place or
 * bike, 409 for an archived place, a step the transfer's state does not allow (with the transfer
 * as it is now) or a short source, 400 for a receipt that does not fit the lines.
 */
export function orHttpError<T>(outcome: TransferOutcome<T>): T {
  switch (outcome.status) {
    case "done":
      return outcome.value;
    case "no-such-transfer":
      throw new HttpError(404, NO_SUCH_TRANSFER);
    case "no-such-place":
      throw new HttpError(404, NO_SUCH_PLACE);
    case "place-archived":
      throw new HttpError(
        409,
        `${outcome.name} is archived: it takes no transfers. Choose another place.`,
      );
    case "wrong-state":
      throw new HttpError(409, stateMessage(outcome.transfer), { transfer: outcome.transfer });
    case "no-such-bikes": {
      const fields = outcome.lines.map((line) => ({
        field: `${outcome.step === "create" ? "body." : ""}lines.${line.index}.bikeId`,
        message: outcome.step === "create" ? "names no bike" : "was deleted",
      }));
      if (outcome.step === "create") {
        const ids = outcome.lines.map((line) => `${line.bikeId} (line ${line.index + 1})`);
        throw new HttpError(404, `${NO_SUCH_BIKE}: ${ids.join(", ")}. Nothing was saved.`, {
          fields,
        });
      }
      const names = outcome.lines.map((line) => `${line.bikeName} (line ${line.index + 1})`);
      throw new HttpError(
        409,
        `${names.join(", ")} ${names.length === 1 ? "was" : "were"} deleted since this transfer was written. Nothing moved: restore ${names.length === 1 ? "it" : "them"} or cancel the transfer.`,
        { fields },
      );
    }
    case "short": {
      const lines = outcome.lines.map(
        (line) => `${line.bikeName}: ${line.available} at ${line.place}, ${line.asked} asked`,
      );
      throw new HttpError(409, `${lines.join("; ")}. Nothing was sent.`, {
        fields: outcome.lines.map((line) => ({
          field: `lines.${line.index}.quantity`,
          message: `only ${line.available} at ${line.place}`,
        })),
      });
    }
    case "bad-receipt":
      throw new HttpError(
        400,
        outcome.fields.map((field) => `${field.field}: ${field.message}`).join("; "),
        { fields: outcome.fields },
      );
    case "unit-refusal": {
      const { status, message } = unitRefusalAnswer(outcome.refusal);
      throw new HttpError(status, message);
    }
    case "unusable-number": {
      const field = {
        field: "querystring.number",
        message: "must be a transfer number like T-000123",
      };
      throw new HttpError(400, `${field.field}: ${field.message}`, { fields: [field] });
    }
  }
}
