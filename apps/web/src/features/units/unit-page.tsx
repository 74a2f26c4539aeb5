import { NO_SUCH_UNIT, type Unit } from "@ultimate-bikes/contract/units";
import Alert from "react-bootstrap/Alert";
import { Link, useParams } from "react-router";
import { ErrorMessage } from "../../components/error-message";
import { MovementTable } from "../../components/movement-table";
import { Skeleton, SkeletonLines, SkeletonTable } from "../../components/skeleton";
import { StaffPage } from "../../components/staff-page";
import { HoldControls } from "../../components/units/hold-controls";
import { ChassisNumber, UnitStatusBadge } from "../../components/units/unit-numbers";
import { ApiRequestError } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { bikePagePath, paths, transferPagePath } from "../../lib/paths";
import { useRefreshUnitsOnStockChange, useUnitPage } from "../../lib/units-api";

/** Where the unit is: its place, or on the way with the transfer carrying it. */
function Whereabouts({ unit }: { unit: Unit }) {
  if (unit.status === "in_transit") {
    return (
      <>
        In transit
        {unit.transferId && (
          <>
            {" "}
            (<Link to={transferPagePath(unit.transferId)}>its transfer</Link>)
          </>
        )}
      </>
    );
  }
  return <>{unit.place ?? "Unknown"}</>;
}

/** Who the unit is kept for, how to reach them, until when, and who promised it. */
function HoldFacts({ hold }: { hold: NonNullable<Unit["hold"]> }) {
  return (
    <dl className="bike-facts mb-2">
      <dt>Customer</dt>
      <dd>{hold.customerName}</dd>
      <dt>Phone</dt>
      <dd>
        <a href={`tel:${hold.customerPhone}`}>{hold.customerPhone}</a>
      </dd>
      {hold.reference && (
        <>
          <dt>Reference</dt>
          <dd>{hold.reference}</dd>
        </>
      )}
      <dt>Until</dt>
      <dd>{formatDateTime(hold.expiresAt)}</dd>
      <dt>Held by</dt>
      <dd>
        {hold.madeBy ?? "Someone no longer here"} on {formatDateTime(hold.madeAt)}
      </dd>
    </dl>
  );
}

function UnitFacts({ unit }: { unit: Unit }) {
  return (
    <dl className="bike-facts mb-3">
      <dt>Where</dt>
      <dd>
        <Whereabouts unit={unit} />
      </dd>
      <dt>Status</dt>
      <dd>
        <UnitStatusBadge status={unit.status} />
      </dd>
      <dt>Chassis number</dt>
      <dd>
        <ChassisNumber chassis={unit.chassis} />
        {!unit.checkDigitMatches && (
          <span className="d-block small text-body-secondary">
            Its check digit (9th character) does not match; it was kept as typed.
          </span>
        )}
      </dd>
      <dt>Engine number</dt>
      <dd className="font-monospace text-break">{unit.engine}</dd>
      <dt>Colour</dt>
      <dd>{unit.colour}</dd>
      <dt>Model year</dt>
      <dd>{unit.modelYear}</dd>
      <dt>Arrived</dt>
      <dd>{formatDateTime(unit.arrivedAt)}</dd>
      {unit.deliveredAt && (
        <>
          <dt>Delivered</dt>
          <dd>{formatDateTime(unit.deliveredAt)}</dd>
        </>
      )}
      {unit.notes && (
        <>
          <dt>Notes</dt>
          <dd className="text-break">{unit.notes}</dd>
        </>
      )}
    </dl>
  );
}

function UnitSkeleton() {
  return (
    <Skeleton label="Loading the unit…">
      <span className="placeholder skeleton-block col-6 h2 mb-3" />
      <SkeletonLines lines={6} />
      <SkeletonTable rows={3} columns={4} />
    </Skeleton>
  );
}

/** The unit, its hold and its story, newest first. Follows its bike's live changes. */
function UnitView({ id }: { id: string }) {
  const { data, error, isPending, refetch } = useUnitPage(id);
  useRefreshUnitsOnStockChange(data?.unit.bikeId);
  if (isPending) return <UnitSkeleton />;
  if (error) {
    if (error instanceof ApiRequestError && error.status === 404) {
      return (
        <Alert variant="warning">
          <p className="mb-2">{NO_SUCH_UNIT}.</p>
          <Link to={paths.inventory}>Back to the inventory</Link>
        </Alert>
      );
    }
    return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  }
  const { unit, history } = data;
  const holdable = unit.status === "in_stock" || unit.status === "held";
  return (
    <>
      <h2 className="h4">
        <Link to={bikePagePath(unit.bikeId)}>{unit.bikeName}</Link>
      </h2>
      <UnitFacts unit={unit} />
      {holdable && (
        <section aria-labelledby="unit-hold-heading" className="mb-4">
          <h2 id="unit-hold-heading" className="h5">
            Hold
          </h2>
          {unit.hold ? (
            <HoldFacts hold={unit.hold} />
          ) : (
            <p className="text-body-secondary">Not held for anyone.</p>
          )}
          <HoldControls unit={unit} />
        </section>
      )}
      <section aria-labelledby="unit-history-heading">
        <h2 id="unit-history-heading" className="h5">
          History
        </h2>
        {history.length === 0 ? (
          <p className="text-body-secondary">Nothing recorded yet.</p>
        ) : (
          <MovementTable movements={history} />
        )}
      </section>
    </>
  );
}

/** A unit (a motorbike by its chassis number): where it is, its hold, its whole history. */
export function UnitPage() {
  const { id = "" } = useParams();
  return (
    <StaffPage
      title="Unit"
      refusal="Only warehouse staff can see units. Ask an admin if you need to."
    >
      <UnitView id={id} />
    </StaffPage>
  );
}
