import type { StockItem } from "@ultimate-bikes/contract/stock";
import { unitNumberSearched } from "@ultimate-bikes/contract/units";
import { useRef, type ReactNode } from "react";
import Button from "react-bootstrap/Button";
import { ErrorMessage } from "../../components/error-message";
import { formatBikeCount, formatCount } from "../../lib/format";
import { useStockPage } from "./bikes-api";
import { stockQueryOf } from "./stock-query";
import { isFiltered, type StockViewControls } from "./stock-view";
import { UnitMatches } from "./unit-matches";

interface StockResultsProps {
  controls: StockViewControls;
  /** Bikes a page: a page, never the whole stock, is ever on screen. */
  pageSize: number;
  /** What shows while the first answer loads: the page's own skeleton. */
  skeleton: ReactNode;
  /** What to say with no bikes at all. */
  emptyText: string;
  /** The page's bikes, as the screen lays them out. */
  children: (bikes: StockItem[]) => ReactNode;
  /**
   * Staff: a search shaped like a chassis or engine number also finds units, named above the
   * bikes.
   */
  findUnits?: boolean;
}

/**
 * One page of a stock view with its count, its loading, failure, empty and no-match states, and
 * Previous and Next. The count is a polite live region, so a screen reader hears "37 bikes" after
 * each change without leaving the search box.
 */
export function StockResults({
  controls,
  pageSize,
  skeleton,
  emptyText,
  children,
  findUnits = false,
}: StockResultsProps) {
  const { view } = controls;
  const units = findUnits && unitNumberSearched(view.q) ? "include" : undefined;
  const { data, error, isPending, isPlaceholderData, refetch } = useStockPage({
    ...stockQueryOf(view, pageSize),
    units,
  });
  const results = useRef<HTMLDivElement>(null);

  /** After Previous or Next the page starts again at the top of the list, focus included. */
  function turnPage(turn: () => void) {
    turn();
    results.current?.focus({ preventScroll: true });
    results.current?.scrollIntoView?.({ block: "start" });
  }

  let content;
  if (isPending) content = skeleton;
  else if (error && !data) content = <ErrorMessage error={error} onRetry={() => void refetch()} />;
  else if (data.total === 0 && !isFiltered(view)) {
    content = <p className="text-center text-body-secondary my-5">{emptyText}</p>;
  } else if (data.items.length === 0) {
    content = (
      <div className="text-center my-5">
        <p>No bikes match your search.</p>
        <Button variant="outline-dark" onClick={controls.clear}>
          Clear search and filters
        </Button>
      </div>
    );
  } else {
    const pageCount = Math.max(1, Math.ceil(data.total / pageSize));
    content = (
      <>
        {children(data.items)}
        {(controls.hasPreviousPage || data.nextCursor) && (
          <nav aria-label="Pages" className="d-flex flex-wrap align-items-center gap-3 mt-4">
            {controls.hasPreviousPage && (
              <Button variant="outline-dark" onClick={() => turnPage(controls.previousPage)}>
                {controls.pageNumber === undefined ? "First page" : "Previous page"}
              </Button>
            )}
            {controls.pageNumber !== undefined && (
              <span>
                Page {formatCount(controls.pageNumber)} of {formatCount(pageCount)}
              </span>
            )}
            {data.nextCursor && (
              <Button
                variant="outline-dark"
                className="ms-auto"
                onClick={() => turnPage(() => controls.nextPage(data.nextCursor ?? ""))}
              >
                Next page
              </Button>
            )}
          </nav>
        )}
      </>
    );
  }

  return (
    <>
      {/* Its line is kept while the count loads, so the results do not move down after. */}
      <p role="status" className="fw-semibold mb-3 stock-count">
        {data ? formatBikeCount(data.total) : ""}
      </p>
      <div
        ref={results}
        tabIndex={-1}
        role="region"
        aria-label="Results"
        aria-busy={isPlaceholderData}
        className="stock-results"
      >
        {data?.units && <UnitMatches units={data.units} />}
        {content}
      </div>
    </>
  );
}
