import type { StockItem } from "@ultimate-bikes/contract/stock";
import Button from "react-bootstrap/Button";
import { toast, type ToastContentProps } from "react-toastify";
import { useRestoreBike } from "./deleted-bikes-api";

/** What Manage Inventory's table and its phone cards both need to offer Delete. */
export interface WorkListProps {
  bikes: StockItem[];
  onDelete: (bike: StockItem) => void;
  /** The bike whose deletion is on its way, if any: its button waits. */
  deletingId: string | undefined;
}

/** A bike's Delete button, named after the bike so each one is told apart. */
export function DeleteBikeButton({
  bike,
  onDelete,
  deletingId,
}: Omit<WorkListProps, "bikes"> & { bike: StockItem }) {
  return (
    <Button
      variant="outline-danger"
      size="sm"
      onClick={() => onDelete(bike)}
      disabled={deletingId === bike._id}
      aria-label={`Delete ${bike.name}`}
    >
      Delete
    </Button>
  );
}

/** How long the toast after a delete offers Undo: longer than other toasts, to reach the button. */
export const UNDO_DELETE_MS = 10_000;

interface DeletedBikeToastProps extends Partial<ToastContentProps> {
  message: string;
  bike: { _id: string; name: string };
}

/** The toast's words, and Undo, which restores the bike (docs/decisions/015). */
function DeletedBikeToast({ message, bike, closeToast }: DeletedBikeToastProps) {
  const restore = useRestoreBike({
    onRestored: (restored) => {
      closeToast?.();
      toast.success(`Restored ${restored.name}.`);
    },
    onFailed: (failure) => toast.error(failure.message),
  });
  return (
    <div className="d-flex align-items-center justify-content-between gap-3">
      <span>{message}</span>
      <Button
        variant="outline-dark"
        size="sm"
        onClick={() => restore.mutate(bike._id)}
        disabled={restore.isPending}
        aria-label={`Undo delete of ${bike.name}`}
      >
        Undo
      </Button>
    </div>
  );
}

/**
 * After a confirmed delete (Manage Inventory) or cancel (My Items): the page's own words, with
 * Undo for {@link UNDO_DELETE_MS}. Deletes are soft, so Undo brings the bike back as it was.
 */
export function toastDeletedWithUndo(message: string, bike: { _id: string; name: string }) {
  toast.success(<DeletedBikeToast message={message} bike={bike} />, {
    autoClose: UNDO_DELETE_MS,
  });
}
