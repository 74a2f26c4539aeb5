import type {
  ReceiveTransferInput,
  Transfer,
  TransferLine,
} from "@ultimate-bikes/contract/transfers";
import { normalizeUnitNumber } from "@ultimate-bikes/contract/units";
import { useEffect, useRef, useState, type FormEvent } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { FormProblem } from "../../components/form-problem";
import { useCameraCodes } from "../../lib/use-camera-codes";

interface Arrival {
  arrived: string;
  reason: string;
  /** A line of units: the ids checked off as arrived (its `arrived` follows their count). */
  unitIds: string[];
}

const tracked = (line: TransferLine) => line.units.length > 0;

/** What is wrong with the arrivals, in the form's words; else undefined. */
function checkArrivals(transfer: Transfer, arrivals: Arrival[]): string | undefined {
  for (const [index, line] of transfer.lines.entries()) {
    const { arrived, reason } = arrivals[index]!;
    const name = `${line.bikeName} (line ${index + 1})`;
    if (!/^\d+$/.test(arrived.trim())) return `${name}: Arrived must be a whole number, 0 or more.`;
    if (Number(arrived) > line.quantity) return `${name}: at most ${line.quantity} were sent.`;
    if (Number(arrived) < line.quantity && reason.trim() === "") {
      return `${name}: say why fewer arrived.`;
    }
  }
  return undefined;
}

/**
 * Receiving a sent transfer at its destination: each line's "Arrived" starts at what was sent;
 * fewer needs the reason, which the shortfall's ledger entry keeps. `focus` lands here at once
 * (the sheet's QR code was scanned to receive it).
 */
export function ReceiveForm({
  transfer,
  focus,
  pending,
  onReceive,
}: {
  transfer: Transfer;
  focus: boolean;
  pending: boolean;
  onReceive: (body: NonNullable<ReceiveTransferInput>) => void;
}) {
  const [arrivals, setArrivals] = useState<Arrival[]>(() =>
    // A line of units starts with none checked off: each is scanned (or ticked) as it arrives.
    transfer.lines.map((line) => ({
      arrived: String(tracked(line) ? 0 : line.quantity),
      reason: "",
      unitIds: [],
    })),
  );
  const [scanned, setScanned] = useState("");
  const [cameraOn, setCameraOn] = useState(false);
  const { video, camera } = useCameraCodes((text) => scan(text), cameraOn);
  const [problem, setProblem] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);

  const change = (index: number, next: Partial<Arrival>) =>
    setArrivals((current) =>
      current.map((arrival, at) => (at === index ? { ...arrival, ...next } : arrival)),
    );
  const checkOff = (index: number, unitIds: string[]) =>
    change(index, { unitIds, arrived: String(unitIds.length) });

  /** A chassis number scanned (a USB scanner types it and Enter) or typed: checks its unit off. */
  function scan(text: string) {
    const chassis = normalizeUnitNumber(text);
    if (chassis === "") return;
    for (const [index, line] of transfer.lines.entries()) {
      const unit = line.units.find((candidate) => candidate.chassis === chassis);
      if (!unit) continue;
      const { unitIds } = arrivals[index]!;
      if (!unitIds.includes(unit.id)) checkOff(index, [...unitIds, unit.id]);
      setScanned(`${chassis} checked off (${line.bikeName}).`);
      return;
    }
    setScanned(`${chassis} is not on ${transfer.number}.`);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const wrong = checkArrivals(transfer, arrivals);
    setProblem(undefined);
    if (wrong) {
      setTimeout(() => setProblem(wrong));
      return;
    }
    onReceive({
      lines: transfer.lines.map((line, index) => {
        const received = Number(arrivals[index]!.arrived);
        const reason = arrivals[index]!.reason.trim();
        const units = tracked(line) ? { unitIds: arrivals[index]!.unitIds } : {};
        return received < line.quantity
          ? { bikeId: line.bikeId, received, reason, ...units }
          : { bikeId: line.bikeId, received };
      }),
    });
  }

  return (
    <Form noValidate onSubmit={submit} aria-labelledby="receive-heading" className="mb-4">
      <h2 id="receive-heading" ref={heading} tabIndex={-1} className="h4">
        Receive at {transfer.destination.name}
      </h2>
      <p>Count what arrived. If fewer than were sent arrived, say why.</p>
      {transfer.lines.some(tracked) && (
        <Form.Group controlId="receive-scan" className="mb-3">
          <Form.Label>Scan or type a chassis number</Form.Label>
          <Form.Control
            className="font-monospace"
            autoComplete="off"
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              // A scan, not the form's submit.
              event.preventDefault();
              scan(event.currentTarget.value);
              event.currentTarget.value = "";
            }}
          />
          <Form.Text aria-live="polite">{scanned}</Form.Text>
          <div className="mt-2">
            <Button
              variant="outline-secondary"
              size="sm"
              aria-pressed={cameraOn}
              onClick={() => setCameraOn((on) => !on)}
            >
              {cameraOn ? "Stop the camera" : "Scan labels with the camera"}
            </Button>
            {cameraOn && (
              <>
                {(camera === "refused" || camera === "unavailable") && (
                  <p role="alert" className="small text-danger mt-2 mb-0">
                    The camera cannot be used here: scan or type the chassis numbers above.
                  </p>
                )}
                <video
                  ref={video}
                  className="scan-video mt-2"
                  muted
                  playsInline
                  aria-label="The camera's view"
                />
              </>
            )}
          </div>
        </Form.Group>
      )}
      <ol className="list-unstyled d-grid gap-3">
        {transfer.lines.map((line, index) => {
          const arrival = arrivals[index]!;
          const id = `receive-line-${index}`;
          const short =
            /^\d+$/.test(arrival.arrived.trim()) && Number(arrival.arrived) < line.quantity;
          return (
            <li key={line.bikeId}>
              <fieldset className="border rounded p-2">
                <legend className="h6 float-none w-auto px-1 mb-1 text-break">
                  {line.bikeName}
                  {line.stockNumber && ` · ${line.stockNumber}`}
                </legend>
                <p className="small mb-2">{line.quantity} sent.</p>
                {tracked(line) ? (
                  <UnitChecklist
                    line={line}
                    id={id}
                    checked={arrival.unitIds}
                    onChange={(unitIds) => checkOff(index, unitIds)}
                  />
                ) : (
                  <Form.Group controlId={`${id}-arrived`} className="mb-2">
                    <Form.Label>Arrived</Form.Label>
                    <Form.Control
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={line.quantity}
                      step={1}
                      className="transfer-quantity"
                      value={arrival.arrived}
                      onChange={(event) => change(index, { arrived: event.currentTarget.value })}
                    />
                  </Form.Group>
                )}
                {short && (
                  <Form.Group controlId={`${id}-reason`}>
                    <Form.Label>Why fewer arrived</Form.Label>
                    <Form.Control
                      as="textarea"
                      rows={2}
                      required
                      value={arrival.reason}
                      onChange={(event) => change(index, { reason: event.currentTarget.value })}
                    />
                  </Form.Group>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <FormProblem message={problem} />
      <Button type="submit" variant="danger" disabled={pending}>
        {pending ? "Receiving…" : "Receive"}
      </Button>
    </Form>
  );
}

/** A line's units, each ticked as it arrives (or by its scan); "All arrived" ticks them all. */
function UnitChecklist({
  line,
  id,
  checked,
  onChange,
}: {
  line: TransferLine;
  id: string;
  checked: string[];
  onChange: (unitIds: string[]) => void;
}) {
  return (
    <fieldset className="mb-2">
      <legend className="small mb-1">
        Arrived: {checked.length} of {line.units.length}
      </legend>
      {line.units.map((unit) => (
        <Form.Check
          key={unit.id}
          id={`${id}-unit-${unit.id}`}
          label={<span className="font-monospace text-break">{unit.chassis}</span>}
          checked={checked.includes(unit.id)}
          onChange={(event) =>
            onChange(
              event.currentTarget.checked
                ? [...checked, unit.id]
                : checked.filter((unitId) => unitId !== unit.id),
            )
          }
        />
      ))}
      <Button
        variant="outline-secondary"
        size="sm"
        className="mt-1"
        onClick={() => onChange(line.units.map((unit) => unit.id))}
      >
        All arrived
      </Button>
    </fieldset>
  );
}
