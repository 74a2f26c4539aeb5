import type { BikeSummary } from "@ultimate-bikes/contract/bikes";
import type { ReactNode } from "react";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import { useNavigate } from "react-router";
import { formatPrice } from "../../lib/format";
import { bikePagePath } from "../../lib/paths";
import { BikePhoto } from "./bike-photo";
import { StockBadge } from "./stock-badge";

/**
 * The stock's view of a bike: its description, then price, quantity and supplier as terms.
 * `placeUnits`: its units at the list's place ("2 at Khulna showroom"), under a place filter.
 */
function StockFacts({ bike, placeUnits }: { bike: BikeSummary; placeUnits?: string | undefined }) {
  return (
    <>
      <Card.Text className="text-body-secondary small flex-grow-1">{bike.des}</Card.Text>
      <dl className="bike-facts mb-3">
        <dt>Price</dt>
        <dd>{formatPrice(bike.price)}</dd>
        <dt>Quantity</dt>
        <dd>{bike.quantity}</dd>
        {placeUnits && (
          <>
            <dt>Place</dt>
            <dd>{placeUnits}</dd>
          </>
        )}
        <dt>Supplier</dt>
        <dd>{bike.supplierName}</dd>
        {bike.stockNumber && (
          <>
            <dt>Stock number</dt>
            <dd className="font-monospace">{bike.stockNumber}</dd>
          </>
        )}
      </dl>
    </>
  );
}

function UpdateNowButton({ bike, headingId }: { bike: BikeSummary; headingId: string }) {
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
  bike: BikeSummary;
  /** Keeps the page outline whole: h3 under Home's section heading, h2 on Inventory. */
  headingLevel: "h2" | "h3";
  /** What the card says under the name; the stock's facts unless a page words them its own way. */
  details?: ReactNode;
  /** The card's button; "Update Now", to the bike's page, unless given. */
  action?: ReactNode;
  /** Its units at the list's place, with the stock's facts ("2 at Khulna showroom"). */
  placeUnits?: string | undefined;
}

/** The photo's size on a card: the shipped photos' 8:5, at the widest a card gets. */
export const CARD_PHOTO = { width: 640, height: 400 };

/** A bike as a card, named by its heading: photo, name, stock badge, details, one button. */
export function BikeCard({ bike, headingLevel, details, action, placeUnits }: BikeCardProps) {
  const headingId = `bike-${bike._id}-name`;
  return (
    <Card as="article" className="h-100 shadow-sm bike-card" aria-labelledby={headingId}>
      <BikePhoto
        bike={bike}
        {...CARD_PHOTO}
        loading="lazy"
        className="card-img-top bike-card-photo"
      />
      <Card.Body className="d-flex flex-column">
        <Card.Title as={headingLevel} id={headingId} className="h5">
          {bike.name}
        </Card.Title>
        <StockBadge bike={bike} className="align-self-start mb-2" />
        {details ?? <StockFacts bike={bike} placeUnits={placeUnits} />}
        {action ?? <UpdateNowButton bike={bike} headingId={headingId} />}
      </Card.Body>
    </Card>
  );
}

/** A card to come, the size of a {@link BikeCard}, for a grid of them that is loading. */
export function BikeCardSkeleton() {
  return (
    <Card className="h-100 shadow-sm">
      <div className="card-img-top skeleton-photo" />
      <Card.Body className="d-flex flex-column">
        <span className="placeholder skeleton-block col-7 h5 mb-3" />
        <span className="placeholder skeleton-block col-12 small mb-1" />
        <span className="placeholder skeleton-block col-10 small mb-3" />
        <span className="placeholder skeleton-block col-6 mb-1" />
        <span className="placeholder skeleton-block col-4 mb-1" />
        <span className="placeholder skeleton-block col-8 mb-3" />
        <span className="placeholder btn btn-danger disabled col-12" />
      </Card.Body>
    </Card>
  );
}
