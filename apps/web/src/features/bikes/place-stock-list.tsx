import type { Bike } from "@ultimate-bikes/contract/bikes";
import Table from "react-bootstrap/Table";
import { formatCount } from "../../lib/format";

/**
 * A bike's units at each place, and those in transit between places (docs/product.md, the bike
 * page). It reads the bike's own answer, which live events patch (stock-event-cache.ts), so the
 * figures follow a colleague's delivery without a reload.
 */
export function PlaceStockList({ bike }: { bike: Bike }) {
  return (
    <section aria-labelledby="place-stock-heading" className="mb-3">
      <h3 id="place-stock-heading" className="h6 mb-2">
        Stock by place
      </h3>
      {(bike.tracksUnits || bike.held > 0) && (
        // Held units are in the quantity but promised to customers: not there to sell.
        <p className="small mb-1">
          {formatCount(bike.quantity)} in stock ·{" "}
          {formatCount(Math.max(0, bike.quantity - bike.inTransit - bike.held))} available
        </p>
      )}
      {bike.stock.length === 0 ? (
        <p className="small text-body-secondary mb-1">No units at any place.</p>
      ) : (
        <Table size="sm" className="place-stock mb-1" aria-labelledby="place-stock-heading">
          <thead>
            <tr>
              <th scope="col">Place</th>
              <th scope="col" className="text-end">
                Units
              </th>
            </tr>
          </thead>
          <tbody>
            {bike.stock.map((entry) => (
              <tr key={entry.placeId}>
                <th scope="row" className="fw-normal">
                  {entry.place}
                </th>
                <td className="text-end">{entry.quantity}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {bike.inTransit > 0 && <p className="small mb-0">In transit: {bike.inTransit}</p>}
    </section>
  );
}
