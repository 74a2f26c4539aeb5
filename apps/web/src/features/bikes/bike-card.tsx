import type { Bike } from "@ultimate-bikes/contract/bikes";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import { useNavigate } from "react-router";
import { formatPrice } from "../../lib/format";
import { paths } from "../../lib/paths";

/** `headingLevel` keeps the page outline whole: h3 under Home's section heading, h2 on Inventory. */
export function BikeCard({ bike, headingLevel }: { bike: Bike; headingLevel: "h2" | "h3" }) {
  const navigate = useNavigate();
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
        <Card.Text className="text-body-secondary small flex-grow-1">{bike.des}</Card.Text>
        <dl className="bike-facts mb-3">
          <dt>Price</dt>
          <dd>{formatPrice(bike.price)}</dd>
          <dt>Quantity</dt>
          <dd>{bike.quantity}</dd>
          <dt>Supplier</dt>
          <dd>{bike.supplierName}</dd>
        </dl>
        <Button
          variant="danger"
          onClick={() => navigate(paths.bike(bike._id))}
          aria-describedby={headingId}
        >
          Update Now
        </Button>
      </Card.Body>
    </Card>
  );
}
