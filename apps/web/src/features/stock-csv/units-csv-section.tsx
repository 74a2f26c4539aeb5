import {
  UNIT_CSV_COLUMNS,
  UNIT_CSV_EXPORT_ONLY,
  UNIT_IMPORT_MAX_ROWS,
} from "@ultimate-bikes/contract/unit-csv";
import { useId, useState, type ChangeEvent } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";
import Table from "react-bootstrap/Table";
import { toast } from "react-toastify";
import { ErrorMessage } from "../../components/error-message";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { ProblemTable } from "./problem-table";
import { FileTooLarge, useCsvFile } from "./use-csv-file";
import { UNITS_EXPORT_URL, useImportUnitCsv, usePreviewUnitImport } from "./stock-csv-api";

const ACTION_LABELS = {
  create: "Arrives",
  update: "Update",
  unchanged: "No change",
  error: "Error",
} as const;

/** How many of a preview's rows the section lists; the summary counts them all. */
const ROWS_SHOWN = 100;

const IMPORTED_COLUMNS = UNIT_CSV_COLUMNS.filter(
  (column) => !UNIT_CSV_EXPORT_ONLY.includes(column),
);

/**
 * Units by chassis number in and out of spreadsheets (issue 24): the export, and an import whose
 * rows add arriving units of tracked models or correct recorded ones, previewed first, done whole
 * or not at all.
 */
export function UnitsCsvSection() {
  const fileId = useId();
  const [confirmed, setConfirmed] = useState(false);
  const preview = usePreviewUnitImport();
  const importCsv = useImportUnitCsv();
  const { file, tooLarge, choose, forget } = useCsvFile({
    onChange: () => {
      preview.reset();
      importCsv.reset();
    },
    onRead: (text) => preview.mutate({ file: text, confirmed }),
  });

  function confirm(next: boolean) {
    setConfirmed(next);
    if (file) preview.mutate({ file: file.text, confirmed: next });
  }

  function runImport() {
    if (!file) return;
    importCsv.mutate(
      { file: file.text, confirmed },
      {
        onSuccess: ({ created, updated }) => {
          toast.success(`Units imported: ${created} arrived, ${updated} updated.`);
          preview.reset();
          forget();
        },
        onError: (error) => toast.error(error.message),
      },
    );
  }

  const plan = preview.data;
  const changes = plan ? plan.summary.create + plan.summary.update : 0;
  return (
    <section aria-labelledby="units-csv-heading" className="mb-5">
      <h2 id="units-csv-heading" className="h4">
        Units by chassis number
      </h2>
      <p>
        <a href={UNITS_EXPORT_URL} download>
          Export every unit
        </a>{" "}
        with its model and where it is. To import, a row finds its unit by chassis number: a unit
        already recorded gets the engine, colour, model year and notes the row changes (an empty
        cell keeps what it has); a new one arrives in stock at the row&apos;s place, for a model
        tracked by unit (its model id). The columns: {IMPORTED_COLUMNS.join(", ")}; an export&apos;s
        other columns are read past. At most {UNIT_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows.
      </p>
      <Form.Group controlId={fileId} className="mb-2">
        <Form.Label>Units CSV file</Form.Label>
        <Form.Control
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void choose(event as ChangeEvent<HTMLInputElement>)}
        />
      </Form.Group>
      <Form.Check
        id={`${fileId}-confirm`}
        className="mb-3"
        label="Keep chassis numbers whose check digit does not match (many markets do not use it)"
        checked={confirmed}
        onChange={(event) => confirm(event.currentTarget.checked)}
      />
      {tooLarge && <FileTooLarge />}
      {preview.isPending && (
        <Skeleton label="Reading the file…">
          <SkeletonLines lines={3} />
        </Skeleton>
      )}
      {preview.error && <ErrorMessage error={preview.error} />}
      {plan && file && (
        <div aria-live="polite">
          {plan.problems.length > 0 ? (
            <>
              <Alert variant="danger" role="alert">
                {file.name} has {plan.problems.length} problem
                {plan.problems.length === 1 ? "" : "s"}. Nothing will be imported: fix these rows
                and choose the file again.
              </Alert>
              <ProblemTable problems={plan.problems} />
            </>
          ) : (
            <p role="status">
              {file.name}: {plan.summary.create} to arrive, {plan.summary.update} to update,{" "}
              {plan.summary.unchanged} unchanged.
            </p>
          )}
          {plan.rows.length > 0 && (
            <Table size="sm" striped responsive className="mb-3">
              <caption className="visually-hidden">What each row of the units file will do</caption>
              <thead>
                <tr>
                  <th scope="col" className="text-end">
                    Line
                  </th>
                  <th scope="col">Action</th>
                  <th scope="col">Chassis</th>
                  <th scope="col">Model</th>
                  <th scope="col">Changes</th>
                </tr>
              </thead>
              <tbody>
                {plan.rows.slice(0, ROWS_SHOWN).map((row) => (
                  <tr
                    key={row.line}
                    className={row.action === "error" ? "table-danger" : undefined}
                  >
                    <td className="text-end">{row.line}</td>
                    <td>{ACTION_LABELS[row.action]}</td>
                    <td className="font-monospace text-break">{row.chassis}</td>
                    <td className="text-break">{row.bikeName}</td>
                    <td className="text-break">
                      {row.changes
                        .map(({ field, from, to }) => `${field}: ${from} → ${to}`)
                        .join("; ")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          {plan.problems.length === 0 && (
            <Button
              variant="danger"
              onClick={runImport}
              disabled={importCsv.isPending || changes === 0}
            >
              {importCsv.isPending
                ? "Importing…"
                : `Import ${changes} unit change${changes === 1 ? "" : "s"}`}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
