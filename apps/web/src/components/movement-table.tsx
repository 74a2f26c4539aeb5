import type { StockMovement } from "@ultimate-bikes/contract/bikes";
import Table from "react-bootstrap/Table";
import { formatDateTime } from "../lib/format";
import { describeMovement } from "../lib/movement-text";

/** Ledger entries, newest first: when, who, what (with its reference), the quantity after. */
export function MovementTable({ movements }: { movements: readonly StockMovement[] }) {
  return (
    <Table responsive size="sm" striped>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">Quantity after</th>
        </tr>
      </thead>
      <tbody>
        {movements.map((movement) => (
          <tr key={movement.id}>
            <td>{formatDateTime(movement.at)}</td>
            <td>{movement.actorName ?? "Warehouse"}</td>
            <td>
              {describeMovement(movement)}
              {movement.reference && (
                <span className="text-body-secondary"> (ref. {movement.reference})</span>
              )}
            </td>
            <td>{movement.quantityAfter}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
