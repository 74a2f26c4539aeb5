import type { Bike } from "@ultimate-bikes/contract/bikes";
import Col from "react-bootstrap/Col";
import Row from "react-bootstrap/Row";
import { BikeCard } from "./bike-card";

/** What Home and Inventory say when the warehouse has no bikes at all. */
export const NO_BIKES_YET = "The warehouse has no bikes in stock yet.";

/** Bikes as a list of cards: one a row on a phone, two on a tablet, three wider. */
export function BikeGrid({ bikes, headingLevel }: { bikes: Bike[]; headingLevel: "h2" | "h3" }) {
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
