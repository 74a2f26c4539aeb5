import type { Bike } from "@ultimate-bikes/contract/bikes";
import type { NewUnit } from "@ultimate-bikes/contract/units";
import { useState, type FormEvent, type ReactNode } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import { toast } from "react-toastify";
import { FormProblem } from "../../components/form-problem";
import {
  CheckDigitWarning,
  useCheckDigitWarning,
} from "../../components/units/check-digit-warning";
import { emptyUnitRow } from "../../components/units/unit-rows";
import { UnitRowsEditor } from "../../components/units/unit-rows-editor";
import { serverRowErrors, useUnitRows } from "../../components/units/use-unit-rows";
import { useImportUnits } from "./bikes-api";

/**
 * Import on a model tracked by unit: each arriving unit identified, typed, scanned or pasted.
 * The server takes them all or none; a duplicate chassis number is its 409, said here.
 */
export function UnitImportForm({
  bike,
  reference,
  onImported,
  placeId,
  placePicker,
}: {
  bike: Bike;
  reference: string;
  onImported: (sentReference: string) => void;
  /** The place the request names; none for the person's default. */
  placeId: string | undefined;
  placePicker: ReactNode;
}) {
  const importUnits = useImportUnits(bike._id);
  const unitRows = useUnitRows(() => [emptyUnitRow()]);
  const checkDigits = useCheckDigitWarning();
  const [problem, setProblem] = useState<string>();

  function send(units: NewUnit[], checkDigitsConfirmed = false) {
    setProblem(undefined);
    importUnits.mutate(
      { amount: units.length, units, reference, placeId, checkDigitsConfirmed },
      {
        onSuccess: (updated) => {
          unitRows.reset();
          checkDigits.clear();
          onImported(reference);
          toast.success(
            `${units.length === 1 ? "One unit" : `${units.length} units`} imported. ${updated.quantity} in stock.`,
          );
        },
        onError: (error) => {
          if (checkDigits.refused(error)) return;
          unitRows.setErrors(serverRowErrors(error, units.length));
          setProblem(error.message);
          toast.error(error.message);
        },
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    checkDigits.clear();
    const checked = unitRows.check();
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    send(checked.units);
  }

  function onKeep() {
    const checked = unitRows.check();
    if (checked.ok) send(checked.units, true);
  }

  return (
    <Form onSubmit={onSubmit} aria-labelledby="import-heading" noValidate>
      <h2 id="import-heading" className="h5">
        Import now
      </h2>
      {placePicker}
      <p className="small text-body-secondary mb-2">
        {bike.name} is tracked by unit: identify each arriving motorbike.
      </p>
      <FormProblem message={problem} />
      <UnitRowsEditor
        rows={unitRows.rows}
        onChange={(rows) => {
          unitRows.setRows(rows);
          checkDigits.clear();
        }}
        errors={unitRows.errors}
      />
      <CheckDigitWarning
        warning={checkDigits.warning}
        onKeep={onKeep}
        pending={importUnits.isPending}
      />
      <div className="d-grid mt-2">
        <Button type="submit" variant="dark" disabled={importUnits.isPending}>
          {importUnits.isPending
            ? "Importing…"
            : `Import ${unitRows.rows.length === 1 ? "1 unit" : `${unitRows.rows.length} units`}`}
        </Button>
      </div>
    </Form>
  );
}
