import { STOCK_STATUS_LABELS, stockStatusOf } from "@ultimate-bikes/contract/stock";
import Badge from "react-bootstrap/Badge";

/**
 * "Out of stock" or "Low stock" as words on a badge, so the state never rests on colour alone
 * and screen readers read it; a bike with enough stock has none.
 */
export function StockBadge({
  bike,
  className,
}: {
  bike: { quantity: number; reorderPoint: number };
  className?: string;
}) {
  const status = stockStatusOf(bike.quantity, bike.reorderPoint);
  if (status === "in") return null;
  return (
    <Badge
      bg={status === "out" ? "danger" : "warning"}
      text={status === "out" ? undefined : "dark"}
      className={className}
    >
      {STOCK_STATUS_LABELS[status]}
    </Badge>
  );
}
