import { useState, type ReactNode } from "react";
import Button from "react-bootstrap/Button";
import Form from "react-bootstrap/Form";

/** A sheet holds this many labels at most: ten pages of US Letter. */
export const MAX_LABELS = 300;

const PAPERS = { a4: "A4 (3 × 8 labels)", letter: "US Letter (3 × 10 labels)" } as const;
export type Paper = keyof typeof PAPERS;

/** The paper a sheet is printed on, A4 at first. */
export const usePaper = () => useState<Paper>("a4");

/** The ids a label sheet's address lists under `name` (`?ids=a,b,c`), as many as a sheet holds. */
export const idsIn = (search: URLSearchParams, name: string) =>
  (search.get(name) ?? "").split(",").filter(Boolean).slice(0, MAX_LABELS);

/**
 * The paper to print on and Print (none while nothing is chosen), with whatever else the page
 * adds beside them; never printed.
 */
export function PrintControls({
  paper,
  onPaper,
  canPrint,
  children,
}: {
  paper: Paper;
  onPaper: (paper: Paper) => void;
  canPrint: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="d-flex flex-wrap align-items-end gap-3 my-4 no-print">
      <Form.Group controlId="label-paper">
        <Form.Label>Paper</Form.Label>
        <Form.Select
          value={paper}
          onChange={(event) => onPaper(event.currentTarget.value as Paper)}
        >
          {Object.entries(PAPERS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Button variant="dark" onClick={() => window.print()} disabled={!canPrint}>
        Print
      </Button>
      {children}
    </div>
  );
}

/** The printable sheet: its labels in a grid, three across on paper (app.css). */
export function LabelSheet({ paper, children }: { paper: Paper; children: ReactNode }) {
  return (
    <section aria-label="Label sheet" className={`label-sheet paper-${paper}`}>
      {children}
    </section>
  );
}
