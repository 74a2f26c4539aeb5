import { Link } from "react-router";
import { ErrorMessage } from "../../components/error-message";
import { Skeleton, SkeletonTable } from "../../components/skeleton";
import { bikeLedgerPath } from "../../lib/paths";
import { useIdleSinceMount } from "../../lib/use-after-first-paint";
import { useMovements } from "./bikes-api";
import { MovementTable } from "../../components/movement-table";

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
        <MovementTable movements={data} />
      )}
    </section>
  );
}
