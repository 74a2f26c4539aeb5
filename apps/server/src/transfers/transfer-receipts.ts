import type { FieldError } from "@ultimate-bikes/contract/errors";
import type { ReceiveTransfer } from "@ultimate-bikes/contract/transfers";

/** A line of a receipt: how many of a bike arrived, and why fewer than were sent. */
export type ReceiptLine = NonNullable<NonNullable<ReceiveTransfer>["lines"]>[number];

/** Why a receipt does not fit the lines sent, by the receipt's fields; empty when it fits. */
export function receiptProblems(
  receipt: readonly ReceiptLine[],
  sent: ReadonlyMap<string, number>,
): FieldError[] {
  const seen = new Set<string>();
  return receipt.flatMap((line, index): FieldError[] => {
    const at = `body.lines.${index}`;
    const quantity = sent.get(line.bikeId);
    if (seen.has(line.bikeId)) return [{ field: `${at}.bikeId`, message: "names a bike twice" }];
    seen.add(line.bikeId);
    if (quantity === undefined) {
      return [{ field: `${at}.bikeId`, message: "is not on this transfer" }];
    }
    if (line.received > quantity) {
      return [{ field: `${at}.received`, message: `must not be more than the ${quantity} sent` }];
    }
    if (line.received < quantity && !line.reason) {
      return [{ field: `${at}.reason`, message: "must say why fewer arrived than were sent" }];
    }
    return [];
  });
}
