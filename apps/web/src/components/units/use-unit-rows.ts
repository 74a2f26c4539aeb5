import { useState } from "react";
import { ApiRequestError } from "../../lib/api-client";
import {
  checkUnitRows,
  UNIT_FIELDS,
  type UnitField,
  type UnitRow,
  type UnitRowErrors,
} from "./unit-rows";

/**
 * The field errors of a server refusal naming units (`body.units.2.chassis`), on their rows, as
 * the rows are laid out (`offset`: where this editor's rows start in the units sent).
 */
export function serverRowErrors(error: Error, rowCount: number, offset = 0): UnitRowErrors {
  const rowErrors: UnitRowErrors = Array.from({ length: rowCount }, () => ({}));
  if (!(error instanceof ApiRequestError)) return rowErrors;
  for (const { field, message } of error.fields) {
    const [, index, name] = /^body\.units\.(\d+)\.(\w+)$/.exec(field) ?? [];
    const row = rowErrors[Number(index) - offset];
    if (row && UNIT_FIELDS.includes(name as UnitField)) row[name as UnitField] ??= message;
  }
  return rowErrors;
}

/** A row editor's rows, their errors, and one check of them in the contract's words. */
export function useUnitRows(initial: () => UnitRow[]) {
  const [rows, setRowsNow] = useState(initial);
  const [errors, setErrors] = useState<UnitRowErrors>();
  return {
    rows,
    errors,
    setErrors,
    /** New rows: the errors shown were about the old ones. */
    setRows: (next: UnitRow[]) => {
      setRowsNow(next);
      setErrors(undefined);
    },
    reset: () => {
      setRowsNow(initial());
      setErrors(undefined);
    },
    check: () => {
      const result = checkUnitRows(rows);
      setErrors(result.ok ? undefined : result.rowErrors);
      return result;
    },
  };
}
