import type { Dashboard } from "@ultimate-bikes/contract/dashboard";
import { STOCK_STATUS_LABELS } from "@ultimate-bikes/contract/stock";
import { lazy, Suspense } from "react";
import Container from "react-bootstrap/Container";
import { Link } from "react-router";
import { ErrorMessage } from "../../components/error-message";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { useDashboard } from "./dashboard-api";
import { DashboardPlaces } from "./dashboard-places";
import { FigureText } from "./figure-text";
import { countFigure, moneyFigure, valuationText, type Figure } from "./dashboard-figures";

// The chart library comes with the charts, in a chunk of its own that only this page loads.
const DashboardCharts = lazy(async () => ({
  default: (await import("./dashboard-charts")).DashboardCharts,
}));

interface Tile {
  label: string;
  figure: Figure;
  /** The Inventory this number counts, filtered so (stock-view.ts reads the same parameters). */
  to?: string;
  /** A line under the number saying what it is made of. */
  note?: string;
}

const inventoryWith = (query: Record<string, string>) =>
  `${paths.inventory}?${new URLSearchParams(query).toString()}`;

function tilesOf(dashboard: Dashboard): Tile[] {
  return [
    { label: "Models", figure: countFigure(dashboard.models), to: paths.inventory },
    {
      label: "Units in stock",
      figure: countFigure(dashboard.unitsInStock),
      to: inventoryWith({ sort: "-quantity" }),
    },
    {
      label: "Stock value",
      figure: moneyFigure(dashboard.stockValue),
      note: valuationText(dashboard.valuedAtCost, dashboard.valuedAtSalePrice),
    },
    {
      label: STOCK_STATUS_LABELS.low,
      figure: countFigure(dashboard.lowCount),
      to: inventoryWith({ status: "low" }),
    },
    {
      label: STOCK_STATUS_LABELS.out,
      figure: countFigure(dashboard.outCount),
      to: inventoryWith({ status: "out" }),
    },
    { label: "Movements today", figure: countFigure(dashboard.movementsToday) },
  ];
}

/** The warehouse in numbers for anyone signed in (issue 13), following every stock change. */
export function DashboardPage() {
  usePageTitle("Dashboard");
  const dashboard = useDashboard();
  return (
    <Container as="section" className="py-5">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-3 mb-4">
        <h1 className="mb-0">Dashboard</h1>
        <Link to={paths.scan} className="btn btn-outline-dark">
          Scan a label
        </Link>
      </div>
      {dashboard.isPending ? (
        <Skeleton label="Loading the dashboard…">
          <SkeletonLines lines={6} />
        </Skeleton>
      ) : dashboard.error ? (
        <ErrorMessage error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <dl className="mb-5 dashboard-tiles" aria-label="The warehouse now">
            {tilesOf(dashboard.data).map((tile) => (
              // A tile with a list behind it is one link: its label, stretched over the card.
              <div key={tile.label} className="card p-3">
                <dt className="small fw-normal">
                  {tile.to ? (
                    <Link to={tile.to} className="stretched-link">
                      {tile.label}
                    </Link>
                  ) : (
                    <span className="text-body-secondary">{tile.label}</span>
                  )}
                </dt>
                <dd className="mb-0">
                  <FigureText figure={tile.figure} className="fs-4 fw-semibold dashboard-figure" />
                  {tile.note && (
                    <span className="d-block small text-body-secondary">{tile.note}</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <DashboardPlaces dashboard={dashboard.data} />
          <Suspense
            fallback={
              <Skeleton label="Loading the charts…">
                <SkeletonLines lines={8} />
              </Skeleton>
            }
          >
            <DashboardCharts dashboard={dashboard.data} />
          </Suspense>
        </>
      )}
    </Container>
  );
}
