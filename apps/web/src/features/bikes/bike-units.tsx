import type { Bike } from "@ultimate-bikes/contract/bikes";
import type { Unit } from "@ultimate-bikes/contract/units";
import Badge from "react-bootstrap/Badge";
import Button from "react-bootstrap/Button";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { ErrorMessage } from "../../components/error-message";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { HoldControls } from "../../components/units/hold-controls";
import { ChassisNumber, holdText, UnitStatusBadge } from "../../components/units/unit-numbers";
import { transferPagePath, unitPagePath } from "../../lib/paths";
import { useBikeUnits, useRefreshUnitsOnStockChange } from "../../lib/units-api";
import { useDeliver } from "./bikes-api";

/**
 * "Delivered" for each unit, from where it is. The delivery belongs to the whole list, not to the
 * unit's row: the row goes once its unit has left (the last one at a place takes its group with
 * it), and a request's own callbacks never run once its component is gone, so its toast would be
 * lost.
 */
function useDeliverUnit(bikeId: string) {
  const deliver = useDeliver(bikeId);
  return {
    pendingFor: (unit: Unit) => deliver.isPending && deliver.variables?.unitId === unit.id,
    busy: deliver.isPending,
    deliver: (unit: Unit) =>
      deliver.mutate(
        { reference: "", unitId: unit.id, placeId: unit.placeId ?? undefined },
        {
          onSuccess: (updated) =>
            toast.success(`${unit.chassis} delivered. ${updated.quantity} left.`),
          onError: (error) => toast.error(error.message),
        },
      ),
  };
}
type UnitDelivery = ReturnType<typeof useDeliverUnit>;

function DeliverUnitButton({
  unit,
  disabled,
  delivery,
}: {
  unit: Unit;
  disabled: boolean;
  delivery: UnitDelivery;
}) {
  return (
    <Button
      variant="danger"
      size="sm"
      disabled={disabled || delivery.busy}
      aria-label={`Delivered ${unit.chassis}`}
      onClick={() => delivery.deliver(unit)}
    >
      {delivery.pendingFor(unit) ? "Delivering…" : "Delivered"}
    </Button>
  );
}

/** One unit: its numbers, what it is, whether it is held and for whom, and what to do with it. */
function UnitItem({
  unit,
  disabled,
  delivery,
}: {
  unit: Unit;
  disabled: boolean;
  delivery: UnitDelivery;
}) {
  const here = unit.status === "in_stock" || unit.status === "held";
  return (
    <li className="unit-item border-bottom py-2">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Link to={unitPagePath(unit.id)} aria-label={`Unit ${unit.chassis}`}>
          <ChassisNumber chassis={unit.chassis} />
        </Link>
        <UnitStatusBadge status={unit.status} />
      </div>
      <div className="small text-body-secondary">
        Engine <span className="font-monospace text-break">{unit.engine}</span> · {unit.colour} ·{" "}
        {unit.modelYear}
      </div>
      {unit.hold && (
        <p className="small mb-1">
          <Badge bg="warning" text="dark">
            Held
          </Badge>{" "}
          {holdText(unit.hold)}
        </p>
      )}
      {here && (
        <div className="d-flex flex-wrap gap-2 mt-1">
          <DeliverUnitButton unit={unit} disabled={disabled} delivery={delivery} />
          <HoldControls unit={unit} disabled={disabled} />
        </div>
      )}
    </li>
  );
}

/** Units at one place (or on the way), oldest first: the order they should leave in. */
function UnitGroup({
  title,
  units,
  disabled,
  delivery,
}: {
  title: string;
  units: readonly Unit[];
  disabled: boolean;
  delivery: UnitDelivery;
}) {
  if (units.length === 0) return null;
  return (
    <section className="mb-2" aria-label={title}>
      <h4 className="h6 mb-0 mt-2">{title}</h4>
      <ul className="list-unstyled mb-0">
        {units.map((unit) => (
          <UnitItem key={unit.id} unit={unit} disabled={disabled} delivery={delivery} />
        ))}
      </ul>
    </section>
  );
}

/**
 * A tracked model's units, by place in the order of the bike's stock list, then those in transit
 * (each with its transfer). Follows colleagues' changes of this bike through the live stream.
 */
export function BikeUnits({ bike, disabled = false }: { bike: Bike; disabled?: boolean }) {
  const { data: units, error, isPending, refetch } = useBikeUnits(bike._id);
  const delivery = useDeliverUnit(bike._id);
  useRefreshUnitsOnStockChange(bike._id);
  if (isPending) {
    return (
      <Skeleton label="Loading the units…">
        <SkeletonLines lines={3} />
      </Skeleton>
    );
  }
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  const inTransit = units.filter((unit) => unit.status === "in_transit");
  return (
    <div className="bike-units">
      {bike.stock.map((entry) => (
        <UnitGroup
          key={entry.placeId}
          title={`Units at ${entry.place}`}
          units={units.filter(
            (unit) => unit.placeId === entry.placeId && unit.status !== "in_transit",
          )}
          disabled={disabled}
          delivery={delivery}
        />
      ))}
      {inTransit.length > 0 && (
        <section className="mb-2" aria-label="Units in transit">
          <h4 className="h6 mb-0 mt-2">Units in transit</h4>
          <ul className="list-unstyled mb-0">
            {inTransit.map((unit) => (
              <li key={unit.id} className="unit-item border-bottom py-2 small">
                <Link to={unitPagePath(unit.id)} aria-label={`Unit ${unit.chassis}`}>
                  <ChassisNumber chassis={unit.chassis} />
                </Link>
                {unit.transferId && (
                  <>
                    {" "}
                    on <Link to={transferPagePath(unit.transferId)}>its transfer</Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
