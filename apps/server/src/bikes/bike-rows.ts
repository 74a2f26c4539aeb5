import type { Bike } from "@ultimate-bikes/contract/bikes";
import type { PlaceStock } from "@ultimate-bikes/contract/places";
import { formatStockNumber } from "@ultimate-bikes/contract/stock-number";

/** The public columns: no owner, so a public read cannot leak an owner's email. */
export const bikeColumns = [
  "bike.id",
  "bike.name",
  "bike.photo",
  "bike.des",
  "bike.price_cents",
  "bike.quantity",
  "bike.supplier_name",
  "bike.reorder_point",
  "bike.stock_number",
  "bike.in_transit",
  "bike.tracks_units",
  "bike.held",
] as const;

export interface BikeRow {
  id: string;
  name: string;
  photo: string;
  des: string;
  price_cents: number;
  quantity: number;
  supplier_name: string;
  reorder_point: number;
  /** Null only for a bike added by a server of the previous release (migration 018). */
  stock_number: number | null;
  in_transit: number;
  /** 0 or 1 on SQLite. */
  tracks_units: boolean | number;
  held: number;
}

/** A bike's fields without its places' stock, which another query reads (places/place-stock.ts). */
export type BikeFields = Omit<Bike, "stock">;

/**
 * The photo as the API answers it: a path on this site becomes an absolute URL on PUBLIC_URL, so
 * a client on another origin can show it too; an http(s) URL stays as it is. The database keeps
 * the path, so a change of PUBLIC_URL applies to every bike at once.
 */
export function photoUrl(photo: string, publicUrl: string): string {
  return photo.startsWith("/") && !photo.startsWith("//") ? `${publicUrl}${photo}` : photo;
}

/** A bike with its places' stock, as every bike answer has it. */
export const withStock = (bike: BikeFields, stock: PlaceStock[] | undefined): Bike => ({
  ...bike,
  stock: stock ?? [],
});

/** A row as the API answers it, in the original API's field names (its places' stock aside). */
export function toBike(row: BikeRow, publicUrl: string): BikeFields {
  return {
    _id: row.id,
    name: row.name,
    photo: photoUrl(row.photo, publicUrl),
    des: row.des,
    price: Number(row.price_cents) / 100,
    quantity: row.quantity,
    supplierName: row.supplier_name,
    reorderPoint: row.reorder_point,
    stockNumber: row.stock_number === null ? null : formatStockNumber(Number(row.stock_number)),
    inTransit: row.in_transit,
    tracksUnits: Boolean(row.tracks_units),
    held: row.held,
  };
}
