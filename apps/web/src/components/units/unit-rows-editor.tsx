import {
  CHASSIS_LENGTH,
  chassisSchema,
  COLOUR_MAX,
  ENGINE_NUMBER_MAX,
  normalizeUnitNumber,
} from "@ultimate-bikes/contract/units";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { useCameraCodes } from "../../lib/use-camera-codes";
import {
  emptyUnitRow,
  parseUnitLines,
  UNIT_FIELD_LABELS,
  UNIT_FIELDS,
  withPastedRows,
  type UnitField,
  type UnitRow,
  type UnitRowErrors,
} from "./unit-rows";

/** Each field's width on a wide screen (of 12); on a phone they stack, two to a line at most. */
const FIELD_COLUMNS: Record<UnitField, string> = {
  chassis: "col-12 col-md-4",
  engine: "col-12 col-md-3",
  colour: "col-7 col-md-3",
  modelYear: "col-5 col-md-2",
};

const FIELD_INPUT: Record<UnitField, { maxLength: number; inputMode?: "numeric" }> = {
  // Room for the spaces and dashes a printed label groups a chassis number with.
  chassis: { maxLength: CHASSIS_LENGTH + 6 },
  engine: { maxLength: ENGINE_NUMBER_MAX + 6 },
  colour: { maxLength: COLOUR_MAX },
  modelYear: { maxLength: 4, inputMode: "numeric" },
};

interface UnitRowsEditorProps {
  rows: readonly UnitRow[];
  onChange: (rows: UnitRow[]) => void;
  errors?: UnitRowErrors | undefined;
  /** Whose rows these are, for their names: "Unit 2 at Khulna showroom". */
  label?: string;
}

/**
 * The units of an import or of turning tracking on, one row each: chassis, engine, colour, model
 * year. A USB scanner types into the focused field and ends with Enter: Enter moves on to the next
 * field, and from the last field to a new row, so scanning never sends the form.
 * "Paste a list" takes lines copied from a spreadsheet; the camera reads unit labels' QR codes
 * (a chassis number each) into the first row without one, or a new row.
 */
export function UnitRowsEditor({ rows, onChange, errors, label }: UnitRowsEditorProps) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const [pasted, setPasted] = useState("");
  // Set when Enter on the last field added a row: its chassis field takes focus once shown.
  const focusRow = useRef<number>(undefined);
  const fieldId = (row: UnitRow, field: UnitField) => `${id}-${row.key}-${field}`;
  const [cameraOn, setCameraOn] = useState(false);
  const [cameraNote, setCameraNote] = useState("");
  const { video, camera } = useCameraCodes(addScanned, cameraOn);

  /** A code the camera read: a chassis number not listed yet fills a row. */
  function addScanned(text: string) {
    const chassis = normalizeUnitNumber(text);
    if (!chassisSchema.safeParse(chassis).success) {
      setCameraNote("That code is not a chassis number. Still looking…");
      return;
    }
    if (rows.some((row) => normalizeUnitNumber(row.chassis) === chassis)) return;
    const empty = rows.findIndex((row) => row.chassis.trim() === "");
    const at = empty >= 0 ? empty : rows.length;
    onChange(
      empty >= 0
        ? rows.map((row, index) => (index === empty ? { ...row, chassis } : row))
        : [...rows, { ...emptyUnitRow(), chassis }],
    );
    setCameraNote(`${chassis} read into unit ${at + 1}.`);
  }

  useEffect(() => {
    if (focusRow.current === undefined) return;
    document.getElementById(`${id}-${focusRow.current}-chassis`)?.focus();
    focusRow.current = undefined;
  });

  const change = (index: number, field: UnitField, value: string) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, [field]: value } : row)));

  function onEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const fields = [...(list.current?.querySelectorAll("input") ?? [])];
    const next = fields[fields.indexOf(event.currentTarget) + 1];
    if (next) {
      next.focus();
    } else {
      const row = emptyUnitRow();
      onChange([...rows, row]);
      focusRow.current = row.key;
    }
  }

  function addPasted() {
    const parsed = parseUnitLines(pasted);
    if (parsed.length === 0) return;
    onChange(withPastedRows(rows, parsed));
    setPasted("");
  }

  const nameOf = (index: number) => `Unit ${index + 1}${label ? ` at ${label}` : ""}`;

  return (
    <div className="unit-rows">
      <div ref={list} className="d-grid gap-2">
        {rows.map((row, index) => (
          <fieldset key={row.key} className="border rounded p-2">
            <legend className="fs-6 fw-semibold mb-1 float-none w-auto">{nameOf(index)}</legend>
            <div className="row g-2">
              {UNIT_FIELDS.map((field) => {
                const problem = errors?.[index]?.[field];
                return (
                  <Form.Group
                    key={field}
                    controlId={fieldId(row, field)}
                    className={FIELD_COLUMNS[field]}
                  >
                    <Form.Label className="small mb-0">{UNIT_FIELD_LABELS[field]}</Form.Label>
                    <Form.Control
                      size="sm"
                      autoComplete="off"
                      spellCheck={false}
                      className={
                        field === "chassis" || field === "engine" ? "font-monospace" : undefined
                      }
                      {...FIELD_INPUT[field]}
                      value={row[field]}
                      isInvalid={Boolean(problem)}
                      aria-invalid={Boolean(problem)}
                      aria-describedby={problem ? `${fieldId(row, field)}-error` : undefined}
                      onChange={(event) => change(index, field, event.currentTarget.value)}
                      onKeyDown={onEnter}
                    />
                    <Form.Control.Feedback type="invalid" id={`${fieldId(row, field)}-error`}>
                      {problem}
                    </Form.Control.Feedback>
                  </Form.Group>
                );
              })}
            </div>
            {rows.length > 1 && (
              <Button
                variant="link"
                size="sm"
                className="px-0"
                aria-label={`Remove ${nameOf(index)}`}
                onClick={() => onChange(rows.filter((_, at) => at !== index))}
              >
                Remove
              </Button>
            )}
          </fieldset>
        ))}
      </div>
      <Button
        variant="outline-dark"
        size="sm"
        className="mt-2"
        onClick={() => onChange([...rows, emptyUnitRow()])}
      >
        Add a unit
      </Button>
      <Button
        variant="outline-dark"
        size="sm"
        className="mt-2 ms-2"
        aria-pressed={cameraOn}
        onClick={() => setCameraOn((on) => !on)}
      >
        {cameraOn ? "Stop the camera" : "Scan labels with the camera"}
      </Button>
      {cameraOn && (
        <div className="mt-2">
          {camera === "refused" || camera === "unavailable" ? (
            <p role="alert" className="small text-danger mb-0">
              The camera cannot be used here: type or paste the chassis numbers.
            </p>
          ) : (
            <video
              ref={video}
              className="scan-video"
              muted
              playsInline
              aria-label="The camera's view"
            />
          )}
        </div>
      )}
      <p aria-live="polite" className="small mb-0 mt-1">
        {cameraOn && (cameraNote || (camera === "scanning" ? "Looking for a label…" : ""))}
      </p>
      <details className="mt-2">
        <summary>Paste a list{label ? ` for ${label}` : ""}</summary>
        <Form.Group controlId={`${id}-paste`} className="mt-2">
          <Form.Label className="small">
            One unit a line: chassis, engine, colour, year, by tabs or commas (as copied from a
            spreadsheet)
          </Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            className="font-monospace"
            spellCheck={false}
            value={pasted}
            onChange={(event) => setPasted(event.currentTarget.value)}
          />
        </Form.Group>
        <Button variant="outline-dark" size="sm" className="mt-2" onClick={addPasted}>
          Add these units
        </Button>
      </details>
    </div>
  );
}
