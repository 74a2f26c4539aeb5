import type { BikeSummary } from "@ultimate-bikes/contract/bikes";
import type { ReactNode } from "react";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { Skeleton } from "../../components/skeleton";
import { BikeCard, BikeCardSkeleton } from "./bike-card";

/** What Home and Inventory say when the warehouse has no bikes at all. */
export const NO_BIKES_YET = "The warehouse has no bikes in stock yet.";

/** Cards a row by screen width (Bootstrap's breakpoints). */
interface GridColumns {
  xs: number;
  md: number;
  lg?: number;
}

/** Home and Inventory: one a row on a phone, two on a tablet, three wider. */
const STOCK_COLUMNS: GridColumns = { xs: 1, md: 2, lg: 3 };

interface BikeGridProps<Shown extends BikeSummary> {
  bikes: Shown[];
  headingLevel: "h2" | "h3";
  columns?: GridColumns;
  /** The list's name for screen readers. */
  label?: string;
  /** The card for a bike: the stock's own {@link BikeCard} unless a page dresses it its way. */
  renderCard?: (bike: Shown) => ReactNode;
  /**
   * On a phone, each card a compact row (app.css, `.bike-list-compact`): a thumbnail beside the
   * name, badge, facts and button, so a screen shows several bikes rather than one.
   */
  compactOnPhone?: boolean;
}

/** Bikes as a list of cards. */
export function BikeGrid<Shown extends BikeSummary>({
  bikes,
  headingLevel,
  columns = STOCK_COLUMNS,
  label = "Bikes",
  renderCard = (bike) => <BikeCard bike={bike} headingLevel={headingLevel} />,
  compactOnPhone = false,
}: BikeGridProps<Shown>) {
  return (
    <Row
      {...columns}
      className={`g-4 list-unstyled${compactOnPhone ? " bike-list-compact" : ""}`}
      as="ul"
      role="list"
      aria-label={label}
    >
      {bikes.map((bike) => (
        <Col as="li" key={bike._id}>
          {renderCard(bike)}
        </Col>
      ))}
    </Row>
  );
}

/** A grid of `count` cards to come, laid out as the grid will be. */
export function BikeGridSkeleton({
  count,
  label,
  columns = STOCK_COLUMNS,
}: {
  count: number;
  label: string;
  columns?: GridColumns;
}) {
  return (
    <Skeleton label={label}>
      <Row {...columns} className="g-4">
        {Array.from({ length: count }, (_, index) => (
          <Col key={index}>
            <BikeCardSkeleton />
          </Col>
        ))}
      </Row>
    </Skeleton>
  );
}
