import type { ReactNode } from "react";
import Table from "react-bootstrap/Table";

/*
 * Loading states shaped like what is coming (Bootstrap's placeholders), instead of one spinner
 * for a whole screen: the page keeps its heading and layout, and nothing jumps when the content
 * arrives. Screen readers hear only the label, as they did from the spinner.
 */

interface SkeletonProps {
  /** What screen readers hear, e.g. "Loading bikes…". */
  label: string;
  children: ReactNode;
  className?: string;
}

/** The frame every skeleton shares: a polite status saying `label`, the shapes hidden from it. */
export function Skeleton({ label, children, className }: SkeletonProps) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="visually-hidden">{label}</span>
      <div aria-hidden="true" className="placeholder-glow">
        {children}
      </div>
    </div>
  );
}

/** Widths (of 12) that make a few lines look like text rather than a grid. */
const LINE_WIDTHS = [10, 8, 11, 6, 9, 7];

/** A few lines of text to come. */
export function SkeletonLines({ lines = 3 }: { lines?: number }) {
  return (
    <div className="mb-3">
      {Array.from({ length: lines }, (_, index) => (
        <span
          key={index}
          className={`placeholder skeleton-block col-${LINE_WIDTHS[index % LINE_WIDTHS.length]} mb-2`}
        />
      ))}
    </div>
  );
}

/** A table to come: its heading row, then `rows` rows of `columns` cells. */
export function SkeletonTable({ rows, columns }: { rows: number; columns: number }) {
  const cells = Array.from({ length: columns }, (_, column) => column);
  return (
    <Table size="sm" className="align-middle">
      <thead>
        <tr>
          {cells.map((column) => (
            <th key={column}>
              <span className="placeholder col-6" />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: rows }, (_, row) => (
          <tr key={row}>
            {cells.map((column) => (
              <td key={column}>
                <span
                  className={`placeholder col-${LINE_WIDTHS[(row + column) % LINE_WIDTHS.length]}`}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Cards to come, one under another, each a few lines and a small button. */
export function SkeletonCards({ count, lines = 4 }: { count: number; lines?: number }) {
  return (
    <div className="d-grid gap-3">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="card shadow-sm p-3">
          <span className="placeholder skeleton-block col-5 mb-3" />
          <SkeletonLines lines={lines} />
          <span className="placeholder btn btn-sm btn-outline-secondary disabled col-3" />
        </div>
      ))}
    </div>
  );
}
