import type { Dashboard } from "@ultimate-bikes/contract/dashboard";
import { STOCK_STATUS_LABELS } from "@ultimate-bikes/contract/stock";
import { lazy, Suspense } from "react";
import Container from "react-bootstrap/Container";
import { Link } from "react-router";
import { ErrorMessage } from "../../components/error-message";
import { Skeleton, SkeletonLines } from "../../components/skeleton";
import { formatCount, formatPrice } from "../../lib/format";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { useDashboard } from "./dashboard-api";

// The chart library comes with the charts, in a chunk of its own that only this page loads.
const DashboardCharts = lazy(async () => ({
  default: (await import("./dashboard-charts")).DashboardCharts,
}));

function tilesOf(dashboard: Dashboard) {
  return [
    { label: "Models", value: formatCount(dashboard.models) },
    { label: "Units in stock", value: formatCount(dashboard.unitsInStock) },
    { label: "Stock value", value: formatPrice(dashboard.stockValue) },
    { label: STOCK_STATUS_LABELS.low, value: formatCount(dashboard.lowCount) },
    { label: STOCK_STATUS_LABELS.out, value: formatCount(dashboard.outCount) },
    { label: "Movements today", value: formatCount(dashboard.movementsToday) },
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
              <div key={tile.label} className="card p-3">
                <dt className="small text-body-secondary fw-normal">{tile.label}</dt>
                <dd className="fs-4 fw-semibold mb-0">{tile.value}</dd>
              </div>
            ))}
          </dl>
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
