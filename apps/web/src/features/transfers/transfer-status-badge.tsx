import { TRANSFER_STATUS_LABELS, type TransferStatus } from "@ultimate-bikes/contract/transfers";

/** Each status in words and a colour; the words carry it, the colour only helps the eye. */
const STATUS_CLASSES: Record<TransferStatus, string> = {
  draft: "text-bg-secondary",
  sent: "text-bg-warning",
  received: "text-bg-success",
  cancelled: "text-bg-dark",
};

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  return (
    <span className={`badge ${STATUS_CLASSES[status]}`}>{TRANSFER_STATUS_LABELS[status]}</span>
  );
}
