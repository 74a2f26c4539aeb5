import type { Bike } from "@ultimate-bikes/contract/bikes";
import type { ReactNode } from "react";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import { useNavigate } from "react-router";
import { formatPrice } from "../../lib/format";
import { bikePagePath } from "../../lib/paths";
import { StockBadge } from "./stock-badge";

/** The stock's view of a bike: its description, then price, quantity and supplier as terms. */
function StockFacts({ bike }: { bike: Bike }) {
  return (
    <>
      <Card.Text className="text-body-secondary small flex-grow-1">{bike.des}</Card.Text>
      <dl className="bike-facts mb-3">
        <dt>Price</dt>
        <dd>{formatPrice(bike.price)}</dd>
        <dt>Quantity</dt>
        <dd>{bike.quantity}</dd>
        <dt>Supplier</dt>
        <dd>{bike.supplierName}</dd>
      </dl>
    </>
  );
}

function UpdateNowButton({ bike, headingId }: { bike: Bike; headingId: string }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="danger"
      onClick={() => navigate(bikePagePath(bike._id))}
      aria-describedby={headingId}
    >
      Update Now
    </Button>
  );
}

interface BikeCardProps {
  bike: Bike;
  /** Keeps the page outline whole: h3 under Home's section heading, h2 on Inventory. */
  headingLevel: "h2" | "h3";
  /** What the card says under the name; the stock's facts unless a page words them its own way. */
  details?: ReactNode;
  /** The card's button; "Update Now", to the bike's page, unless given. */
  action?: ReactNode;
}

/** A bike as a card, named by its heading: photo, name, stock badge, details, one button. */
export function BikeCard({ bike, headingLevel, details, action }: BikeCardProps) {
  const headingId = `bike-${bike._id}-name`;
  return (
    <Card as="article" className="h-100 shadow-sm bike-card" aria-labelledby={headingId}>
      <Card.Img
        variant="top"
        src={bike.photo}
        alt={bike.name}
        loading="lazy"
        className="bike-card-photo"
      />
      <Card.Body className="d-flex flex-column">
        <Card.Title as={headingLevel} id={headingId} className="h5">
          {bike.name}
        </Card.Title>
        <StockBadge bike={bike} className="align-self-start mb-2" />
        {details ?? <StockFacts bike={bike} />}
        {action ?? <UpdateNowButton bike={bike} headingId={headingId} />}
      </Card.Body>
    </Card>
  );
}
