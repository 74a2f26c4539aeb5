import type { Bike } from "@ultimate-bikes/contract/bikes";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { ErrorMessage } from "../../components/error-message";
import { LoadingSpinner } from "../../components/loading-spinner";
import { useBikes } from "./bikes-api";
import { BikeCard } from "./bike-card";

/** The stock as cards, with loading, error and empty states; `limit` keeps the first n. */
export function BikeGrid({ limit, headingLevel }: { limit?: number; headingLevel: "h2" | "h3" }) {
  const { data, error, isPending, refetch } = useBikes();
  if (isPending) return <LoadingSpinner label="Loading bikes…" />;
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} />;
  const bikes: Bike[] = limit === undefined ? data : data.slice(0, limit);
  if (bikes.length === 0) {
    return (
      <p className="text-center text-body-secondary my-5">
        The warehouse has no bikes in stock yet.
      </p>
    );
  }
  return (
    <Row
      xs={1}
      md={2}
      lg={3}
      className="g-4"
      as="ul"
      role="list"
      aria-label="Bikes"
      style={{ listStyle: "none", paddingLeft: 0 }}
    >
      {bikes.map((bike) => (
        <Col as="li" key={bike._id}>
          <BikeCard bike={bike} headingLevel={headingLevel} />
        </Col>
      ))}
    </Row>
  );
}
