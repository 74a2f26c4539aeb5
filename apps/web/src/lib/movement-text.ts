import type { StockMovement } from "@ultimate-bikes/contract/bikes";
import { EDITABLE_FIELD_LABELS } from "./bike-changes";

/*
 * What a ledger entry did, in words, as the bike page's movements and a unit's history (issue 24)
 * both say it.
 */

const what: Record<StockMovement["kind"], (movement: StockMovement) => string> = {
  seed: ({ delta }) => `Opening stock of ${delta}`,
  create: ({ delta }) => `Added with ${delta}`,
  deliver: ({ delta }) => `Delivered ${-delta}`,
  import: ({ delta }) => `Imported ${delta}`,
  delete: ({ delta }) => `Deleted (${-delta} units)`,
  restore: ({ delta }) => `Restored with ${delta}`,
  edit: ({ changes }) =>
    `Edited ${(changes ?? []).map(({ field }) => EDITABLE_FIELD_LABELS[field]).join(", ")}`,
  send: ({ placeDelta }) => `Sent ${-(placeDelta ?? 0)}`,
  receive: ({ placeDelta }) => `Received ${placeDelta ?? 0}`,
  shortfall: ({ delta, reference }) =>
    `${-delta} did not arrive${reference ? `: ${reference}` : ""}`,
  track: () => "Units tracked by chassis number",
  untrack: () => "Units no longer tracked",
  hold: ({ reference }) => `Held for a customer${reference ? `: ${reference}` : ""}`,
  "hold-extend": () => "Hold extended",
  release: () => "Hold released",
  "hold-expire": () => "Hold expired",
};

/** What happened, where (`from`/`at` a place) and on which transfer. */
export function describeMovement(movement: StockMovement): string {
  const { kind, place, transfer } = movement;
  const where = place ? ` ${kind === "send" ? "from" : "at"} ${place.name}` : "";
  return `${what[kind](movement)}${where}${transfer ? ` (${transfer.number})` : ""}`;
}
