import type { Bike } from "@ultimate-bikes/contract/bikes";
import type { NewUnit } from "@ultimate-bikes/contract/units";
import { useState, type FormEvent } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { toast } from "react-toastify";
import { FormProblem } from "../../components/form-problem";
import {
  CheckDigitWarning,
  useCheckDigitWarning,
} from "../../components/units/check-digit-warning";
import {
  checkUnitRows,
  emptyUnitRow,
  type UnitRow,
  type UnitRowErrors,
} from "../../components/units/unit-rows";
import { UnitRowsEditor } from "../../components/units/unit-rows-editor";
import { serverRowErrors } from "../../components/units/use-unit-rows";
import { formatCount } from "../../lib/format";
import { useTracking } from "./bikes-api";

type Stock = Bike["stock"][number];
const unitCount = (count: number) => `${formatCount(count)} ${count === 1 ? "unit" : "units"}`;

/** The units at each place as identified, all of them, or the first problem found. */
function checkPlaces(stock: readonly Stock[], rows: Record<string, UnitRow[]>) {
  const units: (NewUnit & { placeId: string })[] = [];
  const errors: Record<string, UnitRowErrors> = {};
  let problem: string | undefined;
  for (const entry of stock) {
    const placeRows = rows[entry.placeId] ?? [];
    if (placeRows.length !== entry.quantity) {
      problem ??= `${entry.place} has ${unitCount(entry.quantity)}: list ${entry.quantity === 1 ? "it" : `all ${entry.quantity}`}, no more, no fewer.`;
      continue;
    }
    const checked = checkUnitRows(placeRows);
    if (checked.ok)
      units.push(...checked.units.map((unit) => ({ ...unit, placeId: entry.placeId })));
    else {
      errors[entry.placeId] = checked.rowErrors;
      problem ??= `${entry.place}, ${checked.problem}`;
    }
  }
  return { units, errors, problem };
}

/** The server's field errors, on the rows of the place each unit was listed under. */
function serverPlaceErrors(error: Error, stock: readonly Stock[], rows: Record<string, UnitRow[]>) {
  const errors: Record<string, UnitRowErrors> = {};
  let offset = 0;
  for (const entry of stock) {
    const count = rows[entry.placeId]?.length ?? 0;
    errors[entry.placeId] = serverRowErrors(error, count, offset);
    offset += count;
  }
  return errors;
}

/**
 * "Track units": every unit the model has now, identified at its place, in one form; the server
 * turns tracking on with all of them or not at all.
 */
function TrackUnitsForm({ bike, onDone }: { bike: Bike; onDone: () => void }) {
  const tracking = useTracking(bike._id);
  const stock = bike.stock.filter((entry) => entry.quantity > 0);
  const [rows, setRows] = useState<Record<string, UnitRow[]>>(() =>
    Object.fromEntries(
      stock.map((entry) => [entry.placeId, Array.from({ length: entry.quantity }, emptyUnitRow)]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, UnitRowErrors>>({});
  const [problem, setProblem] = useState<string>();
  const checkDigits = useCheckDigitWarning();

  function send(checkDigitsConfirmed: boolean) {
    const checked = checkPlaces(stock, rows);
    setErrors(checked.errors);
    setProblem(checked.problem);
    if (checked.problem) return;
    tracking.mutate(
      {
        tracksUnits: true,
        units: checked.units,
        ...(checkDigitsConfirmed ? { checkDigitsConfirmed } : {}),
      },
      {
        onSuccess: () => {
          toast.success(`${bike.name} is now tracked by unit.`);
          onDone();
        },
        onError: (error) => {
          if (checkDigits.refused(error)) return;
          setErrors(serverPlaceErrors(error, stock, rows));
          setProblem(error.message);
        },
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    checkDigits.clear();
    send(false);
  }

  return (
    <Form onSubmit={onSubmit} noValidate aria-labelledby="track-units-heading" className="mb-3">
      <h2 id="track-units-heading" className="h5">
        Track units of {bike.name}
      </h2>
      <p className="small text-body-secondary">
        {stock.length === 0
          ? "No units in stock: each one will be identified as it arrives."
          : "Identify every unit in stock now. Tracking starts with all of them, or not at all."}
      </p>
      <FormProblem message={problem} />
      {stock.map((entry) => (
        <section
          key={entry.placeId}
          className="mb-3"
          aria-label={`Identify the units at ${entry.place}`}
        >
          <h3 className="h6">
            {entry.place}: {unitCount(entry.quantity)}
          </h3>
          <UnitRowsEditor
            label={entry.place}
            rows={rows[entry.placeId] ?? []}
            errors={errors[entry.placeId]}
            onChange={(placeRows) => {
              setRows((now) => ({ ...now, [entry.placeId]: placeRows }));
              setErrors((now) => ({ ...now, [entry.placeId]: [] }));
              checkDigits.clear();
            }}
          />
        </section>
      ))}
      <CheckDigitWarning
        warning={checkDigits.warning}
        onKeep={() => send(true)}
        pending={tracking.isPending}
      />
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="dark" disabled={tracking.isPending}>
          {tracking.isPending ? "Starting…" : "Start tracking units"}
        </Button>
        <Button variant="outline-secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/** "Stop tracking units", once confirmed: the units keep their history. */
function StopTracking({ bike, onDone }: { bike: Bike; onDone: () => void }) {
  const tracking = useTracking(bike._id);
  const [problem, setProblem] = useState<string>();
  return (
    <div role="group" aria-labelledby="stop-tracking-question" className="mb-3">
      <p id="stop-tracking-question" className="mb-2">
        Stop tracking units of {bike.name}? Its stock becomes a count again; the units keep their
        history.
      </p>
      <FormProblem message={problem} />
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="danger"
          disabled={tracking.isPending}
          onClick={() =>
            tracking.mutate(
              { tracksUnits: false },
              {
                onSuccess: () => {
                  toast.success(`${bike.name} is no longer tracked by unit.`);
                  onDone();
                },
                onError: (error) => setProblem(error.message),
              },
            )
          }
        >
          {tracking.isPending ? "Stopping…" : "Yes, stop tracking"}
        </Button>
        <Button variant="outline-secondary" onClick={onDone}>
          Keep tracking
        </Button>
      </div>
    </div>
  );
}

/** Tracking by unit on or off, for staff (issue 24). */
export function TrackingControls({ bike, disabled = false }: { bike: Bike; disabled?: boolean }) {
  // The form opened stays open until it is done: the bike's answer turns tracking over first.
  const [open, setOpen] = useState<"track" | "stop">();
  const close = () => setOpen(undefined);
  if (open === "track") return <TrackUnitsForm bike={bike} onDone={close} />;
  if (open === "stop") return <StopTracking bike={bike} onDone={close} />;
  return (
    <Button
      variant="outline-dark"
      disabled={disabled}
      onClick={() => setOpen(bike.tracksUnits ? "stop" : "track")}
    >
      {bike.tracksUnits ? "Stop tracking units" : "Track units"}
    </Button>
  );
}
