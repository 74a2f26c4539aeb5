import { StaffPage } from "../../components/staff-page";
import {
  STOCK_CSV_COLUMNS,
  STOCK_IMPORT_PLACE_COLUMN,
  STOCK_IMPORT_MAX_ROWS,
  type ImportPreview,
  type StockCsvColumn,
} from "@ultimate-bikes/contract/stock-csv";
import {
  STOCK_STATUS_LABELS,
  stockStatusSchema,
  type StockStatus,
} from "@ultimate-bikes/contract/stock";
import { useId, useState, type ChangeEvent } from "react";
import Alert from "react-bootstrap/Alert";
import Button from "react-bootstrap/Button";
import Col from "react-bootstrap/Col";
import Form from "react-bootstrap/Form";
import Row from "react-bootstrap/Row";
import Table from "react-bootstrap/Table";
import { Link, useSearchParams } from "react-router";
import { toast } from "react-toastify";
import { ErrorMessage } from "../../components/error-message";
import { ProblemTable } from "./problem-table";
import { FileTooLarge, useCsvFile } from "./use-csv-file";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { paths } from "../../lib/paths";
import { UnitsCsvSection } from "./units-csv-section";
import {
  exportUrl,
  TEMPLATE_URL,
  useImportCsv,
  usePreviewImport,
  type ExportFilters,
} from "./stock-csv-api";

/** How many of a preview's rows the page lists; the summary counts them all. */
const ROWS_SHOWN = 100;

const ACTION_LABELS = {
  create: "Add",
  update: "Update",
  unchanged: "No change",
  error: "Error",
} as const;

const STATUS_CHOICES: { value: StockStatus | ""; label: string }[] = [
  { value: "", label: "Any" },
  { value: "in", label: "In stock" },
  { value: "low", label: STOCK_STATUS_LABELS.low },
  { value: "out", label: STOCK_STATUS_LABELS.out },
];

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/** Staff move stock in and out of spreadsheets here (issue 13); others read why they cannot. */
export function StockCsvPage() {
  return (
    <StaffPage
      title="CSV import and export"
      refusal="Only warehouse staff can import or export the stock. Ask an admin if you need to."
    >
      <>
        <ImportSection />
        <ExportSection />
        <UnitsCsvSection />
      </>
    </StaffPage>
  );
}

function ImportSection() {
  const fileId = useId();
  const preview = usePreviewImport();
  const importCsv = useImportCsv();
  const { file, tooLarge, choose, forget } = useCsvFile({
    onChange: () => {
      preview.reset();
      importCsv.reset();
    },
    onRead: (text) => preview.mutate(text),
  });

  function runImport() {
    if (!file) return;
    importCsv.mutate(file.text, {
      onSuccess: ({ created, updated }) => {
        toast.success(`Imported: ${plural(created, "bike")} added, ${updated} updated.`);
        preview.reset();
        forget();
      },
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <section aria-labelledby="import-heading" className="mb-5">
      <h2 id="import-heading" className="h4">
        Import
      </h2>
      <p>
        A row without an id adds a bike; a row with a bike's id updates it, and an empty cell keeps
        what it has. The quantity of a bike already here may only go up: the difference is an import
        in its ledger. The columns, in any order: {STOCK_CSV_COLUMNS.join(", ")}, and{" "}
        {STOCK_IMPORT_PLACE_COLUMN}: a place's name, where the row's units go (without it, your
        default place). An export's columns of units at each place are read past. Comma, semicolon
        or tab between fields; at most {STOCK_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows. You see
        what will happen before anything changes, and the file is imported whole or not at all.
      </p>
      <p>
        <a href={TEMPLATE_URL} download>
          Download a template
        </a>{" "}
        (the header and one example row) to start from.
      </p>
      <Form.Group controlId={fileId} className="mb-3">
        <Form.Label>CSV file</Form.Label>
        <Form.Control
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void choose(event as ChangeEvent<HTMLInputElement>)}
        />
      </Form.Group>
      {tooLarge && <FileTooLarge />}
      {preview.isPending && (
        <Skeleton label="Reading the file…">
          <SkeletonLines lines={3} />
        </Skeleton>
      )}
      {preview.error && <ErrorMessage error={preview.error} />}
      {preview.data && file && (
        <ImportPlan
          fileName={file.name}
          plan={preview.data}
          importing={importCsv.isPending}
          onImport={runImport}
        />
      )}
      {importCsv.isSuccess && (
        <p role="status">
          The import is done. <Link to={paths.manageInventory}>See the stock</Link>
        </p>
      )}
    </section>
  );
}

function ImportPlan({
  fileName,
  plan,
  importing,
  onImport,
}: {
  fileName: string;
  plan: ImportPreview;
  importing: boolean;
  onImport: () => void;
}) {
  const { create, update, unchanged } = plan.summary;
  const changes = create + update;
  return (
    <div aria-live="polite">
      {plan.problems.length > 0 ? (
        <>
          <Alert variant="danger" role="alert">
            {fileName} has {plural(plan.problems.length, "problem")}. Nothing will be imported: fix
            these rows and choose the file again.
          </Alert>
          <ProblemTable problems={plan.problems} />
        </>
      ) : (
        <p role="status">
          {fileName}: {plural(create, "bike")} to add, {update} to update, {unchanged} unchanged.
        </p>
      )}
      {plan.rows.length > 0 && (
        <Table size="sm" striped responsive className="mb-3">
          <caption className="visually-hidden">What each row will do</caption>
          <thead>
            <tr>
              <th scope="col" className="text-end">
                Line
              </th>
              <th scope="col">Action</th>
              <th scope="col">Bike</th>
              <th scope="col">Changes</th>
              <th scope="col" className="text-end">
                Units in
              </th>
            </tr>
          </thead>
          <tbody>
            {plan.rows.slice(0, ROWS_SHOWN).map((row) => (
              <tr key={row.line} className={row.action === "error" ? "table-danger" : undefined}>
                <td className="text-end">{row.line}</td>
                <td>{ACTION_LABELS[row.action]}</td>
                <td className="text-break">{row.name}</td>
                <td className="text-break">
                  {row.changes.map(({ field, from, to }) => `${field}: ${from} → ${to}`).join("; ")}
                </td>
                <td className="text-end">{row.unitsIn}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {plan.rows.length > ROWS_SHOWN && (
        <p className="text-body-secondary">
          And {plural(plan.rows.length - ROWS_SHOWN, "more row")}.
        </p>
      )}
      {plan.problems.length === 0 && (
        <Button variant="danger" onClick={onImport} disabled={importing || changes === 0}>
          {importing ? "Importing…" : `Import ${plural(changes, "change")}`}
        </Button>
      )}
    </div>
  );
}

/**
 * The export's filters, kept in the address (`/stock-csv?q=…&status=low`), which Manage
 * Inventory's link fills with the search on screen there.
 */
function useExportFilters() {
  const [params, setParams] = useSearchParams();
  const filters: ExportFilters = {
    q: params.get("q") ?? "",
    supplier: params.get("supplier") ?? "",
    status: stockStatusSchema.safeParse(params.get("status")).data ?? "",
  };
  function change(next: Partial<ExportFilters>) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...filters, ...next })) {
      if (value) search.set(name, value);
    }
    void setParams(search, { replace: true });
  }
  return { filters, change };
}

function ExportSection() {
  const [columns, setColumns] = useState<StockCsvColumn[]>([...STOCK_CSV_COLUMNS]);
  const { filters, change } = useExportFilters();
  const filtered = Boolean(filters.q.trim() || filters.supplier.trim() || filters.status);
  const toggle = (column: StockCsvColumn, on: boolean) =>
    setColumns((chosen) =>
      STOCK_CSV_COLUMNS.filter((name) => (name === column ? on : chosen.includes(name))),
    );
  return (
    <section aria-labelledby="export-heading">
      <h2 id="export-heading" className="h4">
        Export
      </h2>
      <fieldset className="mb-3">
        <legend className="fs-6">Bikes</legend>
        <Row className="g-3">
          <Col xs={12} md={5}>
            <Form.Group controlId="export-filter-q">
              <Form.Label>Search</Form.Label>
              <Form.Control
                type="search"
                value={filters.q}
                placeholder="Name, supplier, description or UB-number"
                onChange={(event) => change({ q: event.target.value })}
              />
            </Form.Group>
          </Col>
          <Col xs={12} sm={6} md={4}>
            <Form.Group controlId="export-filter-supplier">
              <Form.Label>Supplier (its exact name)</Form.Label>
              <Form.Control
                value={filters.supplier}
                onChange={(event) => change({ supplier: event.target.value })}
              />
            </Form.Group>
          </Col>
          <Col xs={12} sm={6} md={3}>
            <Form.Group controlId="export-filter-status">
              <Form.Label>Stock level</Form.Label>
              <Form.Select
                value={filters.status}
                onChange={(event) =>
                  change({ status: stockStatusSchema.safeParse(event.target.value).data ?? "" })
                }
              >
                {STATUS_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
        </Row>
        <p className="mt-2 mb-0" id="export-scope">
          {filtered
            ? "The file holds only the bikes this search and these filters find, as Inventory lists them."
            : "The file holds every bike in the stock."}
        </p>
      </fieldset>
      <fieldset className="mb-3">
        <legend className="fs-6">Columns</legend>
        {STOCK_CSV_COLUMNS.map((column) => (
          <Form.Check
            inline
            key={column}
            id={`export-${column.replace(" ", "-")}`}
            label={column}
            checked={columns.includes(column)}
            onChange={(event) => toggle(column, event.currentTarget.checked)}
          />
        ))}
        <Form.Text as="p" className="mb-0">
          With the quantity come the units at each place, a column each, and the units in transit.
        </Form.Text>
      </fieldset>
      {columns.length > 0 ? (
        <a
          className="btn btn-outline-dark"
          href={exportUrl(columns, filters)}
          download
          aria-describedby="export-scope"
        >
          Download the stock as CSV
        </a>
      ) : (
        <p className="text-body-secondary">Choose at least one column to export.</p>
      )}
    </section>
  );
}
