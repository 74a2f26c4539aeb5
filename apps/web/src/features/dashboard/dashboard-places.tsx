import type { Dashboard, UnitsValue } from "@ultimate-bikes/contract/dashboard";
import { Link } from "react-router";
import { formatCount, formatDateTime, formatPrice } from "../../lib/format";
import { paths, transferPagePath } from "../../lib/paths";

/** The transfers in transit, all of them. */
const TRANSFERS_IN_TRANSIT_PATH = `${paths.transfers}?status=sent`;

const units = (count: number) => `${formatCount(count)} ${count === 1 ? "unit" : "units"}`;

/** At cost: the value, and of how many units when not all of them have a cost price. */
function atCostText({ units: all, valueAtCost, unitsAtCost }: UnitsValue): string {
  if (valueAtCost === null) return all === 0 ? "" : "Not known";
  return unitsAtCost === all
    ? formatPrice(valueAtCost)
    : `${formatPrice(valueAtCost)} (${formatCount(unitsAtCost)} of ${units(all)})`;
}

function ValueCells({ value }: { value: UnitsValue }) {
  return (
    <>
      <td className="text-end">{formatCount(value.units)}</td>
      <td className="text-end">{formatPrice(value.valueAtPrice)}</td>
      <td className="text-end">{atCostText(value)}</td>
    </>
  );
}

/**
 * Where the stock is (issue 23): each place's units and value, the units in transit, and the
 * transfers on their way, the longest first.
 */
export function DashboardPlaces({ dashboard }: { dashboard: Dashboard }) {
  const { byPlace, inTransit, transfersInTransit: transfers } = dashboard;
  return (
    <div className="row g-4 mb-5">
      <section className="col-lg-6" aria-labelledby="places-heading">
        <h2 id="places-heading" className="h5">
          Stock by place
        </h2>
        <table className="table table-sm small">
          <caption className="visually-hidden">Stock by place</caption>
          <thead>
            <tr>
              <th scope="col">Place</th>
              <th scope="col" className="text-end">
                Units
              </th>
              <th scope="col" className="text-end">
                At sale price
              </th>
              <th scope="col" className="text-end">
                At cost
              </th>
            </tr>
          </thead>
          <tbody>
            {byPlace.map((row) => (
              <tr key={row.place.id}>
                <th scope="row" className="fw-normal text-break">
                  {row.place.name}
                </th>
                <ValueCells value={row} />
              </tr>
            ))}
            <tr>
              <th scope="row" className="fw-normal">
                In transit
              </th>
              <ValueCells value={inTransit} />
            </tr>
          </tbody>
        </table>
      </section>
      <section className="col-lg-6" aria-labelledby="transfers-heading">
        <h2 id="transfers-heading" className="h5">
          Transfers in transit
        </h2>
        {transfers.count === 0 ? (
          <p>No transfers in transit.</p>
        ) : (
          <>
            <p>
              {formatCount(transfers.count)} {transfers.count === 1 ? "transfer" : "transfers"} on
              the way, {units(transfers.units)}.
              {transfers.count > transfers.items.length &&
                ` These are the ${transfers.items.length} sent longest ago.`}
            </p>
            <table className="table table-sm small">
              <caption className="visually-hidden">Transfers in transit</caption>
              <thead>
                <tr>
                  <th scope="col">Transfer</th>
                  <th scope="col">Route</th>
                  <th scope="col" className="text-end">
                    Units
                  </th>
                  <th scope="col">Sent</th>
                </tr>
              </thead>
              <tbody>
                {transfers.items.map((transfer) => (
                  <tr key={transfer.id}>
                    <td>
                      <Link to={transferPagePath(transfer.id)}>{transfer.number}</Link>
                    </td>
                    <td className="text-break">
                      {transfer.source.name} <span aria-hidden="true">→</span>{" "}
                      <span className="visually-hidden">to</span> {transfer.destination.name}
                    </td>
                    <td className="text-end">{formatCount(transfer.units)}</td>
                    <td>{formatDateTime(transfer.sentAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {transfers.count > transfers.items.length && (
              <Link to={TRANSFERS_IN_TRANSIT_PATH}>All transfers in transit</Link>
            )}
          </>
        )}
      </section>
    </div>
  );
}
