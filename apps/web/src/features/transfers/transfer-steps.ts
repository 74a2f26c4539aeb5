import type { TransferSummary } from "@ultimate-bikes/contract/transfers";
import { formatDateTime } from "../../lib/format";

/** A transfer's latest step in words, "Sent 22 Nov 2026, 14:05", for the list's When column. */
export function latestStepText(
  transfer: Pick<TransferSummary, "created" | "sent" | "received" | "cancelled">,
) {
  const steps = [
    ["Received", transfer.received],
    ["Cancelled", transfer.cancelled],
    ["Sent", transfer.sent],
    ["Created", transfer.created],
  ] as const;
  for (const [label, step] of steps) {
    if (step) return `${label} ${formatDateTime(step.at)}`;
  }
  return "";
}

/** "Main warehouse → Khulna showroom". */
export const routeText = (transfer: Pick<TransferSummary, "source" | "destination">) =>
  `${transfer.source.name} → ${transfer.destination.name}`;

/** "1 unit", "12 units". */
export const unitsText = (units: number) => `${units} ${units === 1 ? "unit" : "units"}`;
