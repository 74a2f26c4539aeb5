import { Link } from "react-router";
import { CardList } from "../../components/card-list";
import { formatDateTime, formatPrice } from "../../lib/format";
import { bikePagePath } from "../../lib/paths";
import { DeleteBikeButton, type WorkListProps } from "./delete-bike-button";
import { EditBikeLink } from "./edit-bike-link";
import { placeUnitsText } from "./place-units";
import { StockBadge } from "./stock-badge";

/**
 * Manage Inventory on a phone: each bike a card with the table's facts, one under another, so
 * nothing scrolls sideways (docs/product.md, Manage Inventory).
 */
export function StockWorkCards({
  bikes,
  placeName,
  ...deletion
}: WorkListProps & { placeName?: string | undefined }) {
  return (
    <CardList
      label="Bikes"
      items={bikes}
      idOf={(bike) => bike._id}
      headingPrefix="work"
      className="stock-work-cards"
    >
      {(bike, headingId) => (
        <>
          <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
            <h2 id={headingId} className="h6 mb-0">
              <Link to={bikePagePath(bike._id)}>{bike.name}</Link>
            </h2>
            <StockBadge bike={bike} />
          </div>
          <dl className="bike-facts small mb-3">
            <dt>Stock number</dt>
            <dd className="font-monospace">{bike.stockNumber ?? "None yet"}</dd>
            <dt>Supplier</dt>
            <dd>{bike.supplierName}</dd>
            <dt>Price</dt>
            <dd>{formatPrice(bike.price)}</dd>
            <dt>Quantity</dt>
            <dd>{bike.quantity}</dd>
            {placeName && (
              <>
                <dt>Place</dt>
                <dd>{placeUnitsText(bike, placeName)}</dd>
              </>
            )}
            <dt>Last change</dt>
            <dd>{formatDateTime(bike.updatedAt)}</dd>
          </dl>
          <div className="d-flex gap-2">
            <EditBikeLink bike={bike} small />
            <DeleteBikeButton bike={bike} {...deletion} />
          </div>
        </>
      )}
    </CardList>
  );
}
