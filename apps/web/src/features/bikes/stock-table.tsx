import type { StockSort } from "@ultimate-bikes/contract/stock";
import Table from "react-bootstrap/Table";
import { Link } from "react-router";
import { formatDateTime, formatPrice } from "../../lib/format";
import { bikePagePath } from "../../lib/paths";
import { BikePhoto } from "./bike-photo";
import { DeleteBikeButton, type WorkListProps } from "./delete-bike-button";
import { EditBikeLink } from "./edit-bike-link";
import { placeUnitsText } from "./place-units";
import { StockBadge } from "./stock-badge";

type SortField = "name" | "price" | "quantity" | "updated";

interface SortHeaderProps {
  label: string;
  field: SortField;
  /** The order a first click asks for: most recent first for a date, smallest first otherwise. */
  first: StockSort;
  sort: StockSort;
  onSort: (sort: StockSort) => void;
  className?: string;
}

/** A column heading that sorts by its column; a second click turns the order round. */
function SortHeader({ label, field, first, sort, onSort, className }: SortHeaderProps) {
  const direction = sort === field ? "ascending" : sort === `-${field}` ? "descending" : undefined;
  const next: StockSort =
    direction === undefined ? first : direction === "ascending" ? `-${field}` : field;
  return (
    <th scope="col" aria-sort={direction} className={className}>
      <button type="button" className="sort-button" onClick={() => onSort(next)}>
        {label}
        <span aria-hidden="true">
          {direction === "ascending" ? " ▲" : direction === "descending" ? " ▼" : ""}
        </span>
      </button>
    </th>
  );
}

interface StockTableProps extends WorkListProps {
  sort: StockSort;
  onSort: (sort: StockSort) => void;
  /** The place filter's name: each quantity then says the units there too. */
  placeName?: string | undefined;
}

/**
 * Manage Inventory on a tablet or wider: a dense table whose heading row stays in view while the
 * page scrolls, numbers right-aligned so they line up (docs/product.md, Manage Inventory).
 */
export function StockTable({ bikes, sort, onSort, placeName, ...deletion }: StockTableProps) {
  const sortHeader = { sort, onSort };
  return (
    <Table hover size="sm" className="align-middle stock-table" aria-label="Bikes">
      <thead>
        <tr>
          <th scope="col" className="d-none d-lg-table-cell">
            Photo
          </th>
          <SortHeader label="Name" field="name" first="name" {...sortHeader} />
          <th scope="col">Stock number</th>
          <th scope="col">Supplier</th>
          <SortHeader
            label="Price"
            field="price"
            first="price"
            className="text-end"
            {...sortHeader}
          />
          <SortHeader
            label="Quantity"
            field="quantity"
            first="quantity"
            className="text-end"
            {...sortHeader}
          />
          <th scope="col">Status</th>
          <SortHeader label="Last change" field="updated" first="-updated" {...sortHeader} />
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {bikes.map((bike) => (
          <tr key={bike._id}>
            <td className="d-none d-lg-table-cell">
              <BikePhoto
                bike={bike}
                width={48}
                height={30}
                decorative
                className="rounded object-fit-cover"
                loading="lazy"
              />
            </td>
            <th scope="row">
              <Link to={bikePagePath(bike._id)}>{bike.name}</Link>
            </th>
            <td className="font-monospace text-nowrap">{bike.stockNumber ?? ""}</td>
            <td>{bike.supplierName}</td>
            <td className="text-end text-nowrap">{formatPrice(bike.price)}</td>
            <td className="text-end">
              {bike.quantity}
              {placeName && (
                <div className="small text-body-secondary text-nowrap">
                  {placeUnitsText(bike, placeName)}
                </div>
              )}
            </td>
            <td>
              {bike.status === "in" ? (
                <span className="text-body-secondary">In stock</span>
              ) : (
                <StockBadge bike={bike} />
              )}
            </td>
            <td className="text-nowrap">{formatDateTime(bike.updatedAt)}</td>
            <td className="text-end text-nowrap">
              <span className="me-2">
                <EditBikeLink bike={bike} small />
              </span>
              <DeleteBikeButton bike={bike} {...deletion} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
