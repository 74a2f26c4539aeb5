import { bikeIdSchema, NO_SUCH_BIKE } from "@ultimate-bikes/contract/bikes";
import { NO_SUCH_PLACE } from "@ultimate-bikes/contract/places";
import { checkDigitWarning } from "@ultimate-bikes/contract/units";
import { z } from "zod";
import { unitRefusalAnswer } from "../units/unit-refusals.ts";
import { HttpError } from "../plugins/errors.ts";
import type { CursorProblem } from "./stock-cursor.ts";
import type { ConflictReason, ForbiddenReason, Outcome } from "./stock-rules.ts";

/**
 * The `:id` of `/bikes/:id…` and `/items/:id`. A malformed id fails this schema, and the error
 * handler answers that with the same 404 as an unknown id (plugins/errors.ts, docs/decisions/003).
 */
export const bikeIdParams = z.object({ id: bikeIdSchema });

const conflictMessages: Record<ConflictReason, (current: number) => string> = {
  empty: () => "Your stock is empty",
  "not-enough": (current) =>
    `Only ${current} in stock: fewer than you asked to deliver. Nothing was delivered.`,
  "too-many": () => "That would take the stock above the most one bike can hold",
  stale: (current) =>
    `The stock changed to ${current} since you loaded it. Nothing was changed: check the new quantity and try again.`,
};

const forbiddenMessages: Record<ForbiddenReason, string> = {
  "remove-warehouse-stock-as-member":
    "Only warehouse staff can delete warehouse stock. Ask an admin for access.",
  "read-another-users-ledger": "Only warehouse staff can see the history of bikes you do not own.",
  "add-bike-under-another-email": "You can only add bikes under your own email.",
  "add-item-under-another-email": "You can only add items under your own email.",
  "list-another-users-items": "Forbidden access",
  "remove-another-users-bike": "This bike belongs to another user; only they can remove it.",
  "cancel-another-users-item": "Only the user who added this item can cancel it.",
  "restore-warehouse-stock-as-member":
    "Only warehouse staff can restore deleted warehouse stock. Ask an admin for access.",
  "restore-another-users-bike":
    "This bike belongs to another user; only they or warehouse staff can restore it.",
  "edit-another-users-bike":
    "This bike belongs to another user; only they or warehouse staff can edit it.",
};

const cursorMessages: Record<CursorProblem, string> = {
  malformed: "is not a cursor this search gave out; start again from the first page",
  "other-sort": "belongs to another sort; start again from the first page",
};

/**
 * The one place a stock refusal becomes an HTTP error: 404 for no such bike, 409 with the
 * quantity stored now, 403, 428 for a new total or an edit without what it was made from, 412 for
 * an edit made from details changed since, 400 for a new total below its starting point, a
 * search's unknown place or an unusable search cursor. A done outcome gives its value.
 */
export function orHttpError<T>(outcome: Outcome<T>): T {
  switch (outcome.status) {
    case "done":
      return outcome.value;
    case "no-such-bike":
      throw new HttpError(404, NO_SUCH_BIKE);
    case "conflict":
      throw new HttpError(409, conflictMessages[outcome.reason](outcome.currentQuantity), {
        currentQuantity: outcome.currentQuantity,
      });
    case "short-at-place":
      throw new HttpError(409, outcome.message, { currentQuantity: outcome.currentQuantity });
    case "no-such-place":
      throw new HttpError(404, NO_SUCH_PLACE);
    case "place-archived":
      throw new HttpError(
        409,
        `${outcome.name} is archived: it takes no stock. Choose another place.`,
      );
    case "in-transit":
      throw new HttpError(
        409,
        `${outcome.units} of this bike are in transit on ${outcome.transfers.join(", ")}: receive them first.`,
      );
    case "forbidden":
      throw new HttpError(403, forbiddenMessages[outcome.reason]);
    case "starting-total-missing":
      throw new HttpError(
        428,
        "Say which quantity the new total was computed from: previousQuantity in the body or an If-Match header. Or use POST /api/bikes/{id}/imports.",
      );
    case "total-below-starting-total":
      throw new HttpError(400, "body.newNumber: an import cannot lower the stock", {
        fields: [{ field: "body.newNumber", message: "must not be below previousQuantity" }],
      });
    case "edit-tag-missing":
      throw new HttpError(
        428,
        "Say which version of the bike you edited: send the tag of GET /api/bikes/{id}/details as If-Match.",
      );
    case "edit-stale":
      throw new HttpError(
        412,
        "Someone else changed this bike while you were editing it. Nothing was saved: look at their changes, then save again.",
      );
    case "unknown-place-filter": {
      // As the schema names a malformed one: a filter is input to fix, not a missing resource.
      const field = { field: "querystring.place", message: NO_SUCH_PLACE };
      throw new HttpError(400, `${field.field}: ${field.message}`, { fields: [field] });
    }
    case "check-digits":
      throw new HttpError(422, checkDigitWarning(outcome.chassis), {
        fields: outcome.chassis.map((chassis) => ({
          field: "body.units",
          message: `${chassis}: check digit does not match`,
        })),
      });
    case "unit-refusal": {
      const { status, message } = unitRefusalAnswer(outcome.refusal);
      throw new HttpError(status, message);
    }
    case "unusable-cursor": {
      // Named as the error handler names every query field (plugins/errors.ts).
      const field = { field: "querystring.cursor", message: cursorMessages[outcome.problem] };
      throw new HttpError(400, `${field.field}: ${field.message}`, { fields: [field] });
    }
  }
}
