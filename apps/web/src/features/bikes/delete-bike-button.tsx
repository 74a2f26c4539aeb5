import type { StockItem } from "@ultimate-bikes/contract/stock";
import Button from "react-bootstrap/Button";

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
