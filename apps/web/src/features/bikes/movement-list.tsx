import type { StockMovement } from "@ultimate-bikes/contract/bikes";
import Table from "react-bootstrap/Table";
import { Link } from "react-router";
import { ErrorMessage } from "../../components/error-message";
import { Skeleton, SkeletonTable } from "../../components/skeleton";
import { formatDateTime } from "../../lib/format";
import { bikeLedgerPath } from "../../lib/paths";
import { useIdleSinceMount } from "../../lib/use-after-first-paint";
import { useMovements } from "./bikes-api";
import { EDITABLE_FIELD_LABELS } from "../../lib/bike-changes";

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
function describe(movement: StockMovement): string {
  const { kind, place, transfer } = movement;
  const where = place ? ` ${kind === "send" ? "from" : "at"} ${place.name}` : "";
  return `${what[kind](movement)}${where}${transfer ? ` (${transfer.number})` : ""}`;
}

/**
 * The ledger: every stock change with who made it, newest first. Below the bike on a phone, so
 * it is asked for once the page has been shown, not in the same breath.
 */
export function MovementList({ bikeId }: { bikeId: string }) {
  const { data, error, isPending, refetch } = useMovements(bikeId, useIdleSinceMount());
  return (
    <section aria-labelledby="movements-heading" className="mt-5">
      <h2 id="movements-heading" className="h4">
        Recent stock movements
      </h2>
      <p>
        <Link to={bikeLedgerPath(bikeId)}>All of this bike's movements in the ledger</Link>
      </p>
      {isPending ? (
        <Skeleton label="Loading the movements…">
          <SkeletonTable rows={3} columns={4} />
        </Skeleton>
      ) : error ? (
        <ErrorMessage error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-body-secondary">No movements yet.</p>
      ) : (
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
            {data.map((movement) => (
              <tr key={movement.id}>
                <td>{formatDateTime(movement.at)}</td>
                <td>{movement.actorName ?? "Warehouse"}</td>
                <td>
                  {describe(movement)}
                  {movement.reference && (
                    <span className="text-body-secondary"> (ref. {movement.reference})</span>
                  )}
                </td>
                <td>{movement.quantityAfter}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
