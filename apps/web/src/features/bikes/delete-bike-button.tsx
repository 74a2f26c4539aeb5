import type { StockItem } from "@ultimate-bikes/contract/stock";
import { useEffect, useRef } from "react";
import Button from "react-bootstrap/Button";
import { toast, type ToastContentProps } from "react-toastify";
import { useRestoreBike } from "./deleted-bikes-api";

/** What Manage Inventory's table and its phone cards both need to offer Delete. */
export interface WorkListProps {
  bikes: StockItem[];
  /** `button`: the Delete button pressed, which leaves with its row (see toastDeletedWithUndo). */
  onDelete: (bike: StockItem, button: HTMLElement) => void;
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
      onClick={(event) => onDelete(bike, event.currentTarget)}
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
  pressed: HTMLElement | undefined;
}

/** Whether focus is nowhere in particular (it fell to the page when its element went). */
const focusIsLost = () =>
  document.activeElement === null || document.activeElement === document.body;

/** Where focus goes when the toast holding it goes: the start of the page's content. */
const focusMain = () => document.getElementById("main")?.focus();

/**
 * The toast's words, and Undo, which restores the bike (docs/decisions/015).
 *
 * The button that was pressed (Delete, Cancel) leaves the page with its bike, and focus would
 * fall to the page's start, far from Undo: the toast area comes after the footer. So Undo takes
 * the focus, unless the person has already moved it elsewhere; a screen reader says "Item
 * Deleted!" (the toast is an alert) and then the Undo button. While focus is in the toast it
 * does not close; Escape or Tab leaves it.
 */
function DeletedBikeToast({
  message,
  bike,
  pressed,
  closeToast,
  toastProps,
  isPaused,
}: DeletedBikeToastProps) {
  const undo = useRef<HTMLButtonElement>(null);
  const restore = useRestoreBike({
    onRestored: (restored) => {
      // Undo turned itself off while it worked, so focus may have fallen already.
      if (undo.current === document.activeElement || focusIsLost()) focusMain();
      closeToast?.();
      toast.success(`Restored ${restored.name}.`);
    },
    onFailed: (failure) => toast.error(failure.message),
  });

  useEffect(() => {
    if (pressed && (document.activeElement === pressed || focusIsLost())) undo.current?.focus();
  }, [pressed]);

  const id = toastProps?.toastId;
  const content = useRef<HTMLDivElement>(null);
  // The toast starts its countdown again when the pointer leaves it or the window regains focus,
  // wherever the focus is: while the focus is here, it stops again.
  useEffect(() => {
    if (isPaused === false && content.current?.contains(document.activeElement)) {
      toast.pause({ id });
    }
  }, [isPaused, id]);
  return (
    <div
      ref={content}
      className="d-flex align-items-center justify-content-between gap-3"
      onFocus={() => toast.pause({ id })}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          toast.play({ id });
        }
      }}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        focusMain();
        closeToast?.();
      }}
    >
      <span>{message}</span>
      <Button
        ref={undo}
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
 * `pressed` is the button that asked for it: while it (or nothing) has focus, Undo takes it.
 */
export function toastDeletedWithUndo(
  message: string,
  bike: { _id: string; name: string },
  pressed?: HTMLElement,
) {
  toast.success(<DeletedBikeToast message={message} bike={bike} pressed={pressed} />, {
    autoClose: UNDO_DELETE_MS,
  });
}
