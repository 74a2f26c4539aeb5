import {
  editableBikeFieldSchema,
  type BikeChange,
  type BikeDetails,
  type NewBike,
} from "@ultimate-bikes/contract/bikes";
import { createHash } from "node:crypto";

/**
 * A bike's editable details as stored: the photo as entered, the price in dollars. The cost price
 * (migration 019) is left out where a reader does not select it (the CSV import, which neither
 * reads nor writes it): a change that leaves it out leaves it as it is.
 */
export type StoredDetails = Omit<BikeDetails, "tag" | "costPrice"> & { costPrice?: number | null };

/** A cost price in dollars as its column holds it: whole cents, null when not known. */
export const costPriceCents = (costPrice: number | null) =>
  costPrice === null ? null : Math.round(costPrice * 100);

const EDITABLE_FIELDS = editableBikeFieldSchema.options;

/** The columns that hold a bike's editable details. */
export function detailsColumns(details: StoredDetails) {
  return {
    name: details.name,
    photo: details.photo,
    des: details.des,
    price_cents: Math.round(details.price * 100),
    supplier_name: details.supplierName,
    reorder_point: details.reorderPoint,
  };
}

/** The columns that hold a bike's editable details, as a row holds them. */
export interface DetailsRow {
  name: string;
  photo: string;
  des: string;
  /** A bigint: text from PostgreSQL. */
  price_cents: number | string;
  supplier_name: string;
  reorder_point: number;
  /** Selected only where the cost price is read; a bigint: text from PostgreSQL. */
  cost_price_cents?: number | string | null;
}

/** A bike's editable details from its row: the inverse of detailsColumns. */
export const storedDetailsOf = (row: DetailsRow): StoredDetails => ({
  name: row.name,
  photo: row.photo,
  des: row.des,
  price: Number(row.price_cents) / 100,
  supplierName: row.supplier_name,
  reorderPoint: row.reorder_point,
  ...(row.cost_price_cents !== undefined && {
    costPrice: row.cost_price_cents === null ? null : Number(row.cost_price_cents) / 100,
  }),
});

/**
 * The details' entity tag: a hash of the six values, so the same details give the same tag on
 * every server and an edit is refused only when a field really changed (a delivery in between
 * changes none). Strong: an edit compares it exactly (RFC 9110, If-Match).
 */
export function detailsTagOf(details: StoredDetails): string {
  const values = EDITABLE_FIELDS.map((field) => details[field]);
  return createHash("sha256").update(JSON.stringify(values)).digest("base64url").slice(0, 22);
}

/**
 * What an edit from `before` to `after` changes, field by field, in the form's order. A field
 * `after` leaves out (the cost price) is not changed.
 */
export function changesBetween(before: StoredDetails, after: StoredDetails): BikeChange[] {
  return EDITABLE_FIELDS.filter(
    (field) => after[field] !== undefined && before[field] !== after[field],
  ).map((field) => ({
    field,
    from: before[field] ?? null,
    to: after[field] ?? null,
  }));
}

/**
 * Whether an If-Match header names this tag (strong comparison: a weak tag never matches) or is
 * `*`, which any existing bike matches.
 */
export function ifMatchNames(ifMatch: string, tag: string): boolean {
  return ifMatch.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value === `"${tag}"`;
  });
}

/** A bike as an import finds it: its details and its stock. */
export interface CurrentBike extends StoredDetails {
  id: string;
  quantity: number;
  /** Tracked by unit: its units arrive on its page, by chassis number, never as a count. */
  tracksUnits: boolean;
}

/** One row of a CSV import, as the repository writes it (stock-csv/stock-import-plan.ts). */
export type PlannedRow =
  | { line: number; action: "create"; bike: NewBike; placeId?: string }
  | {
      line: number;
      action: "update";
      id: string;
      before: StoredDetails;
      next: StoredDetails;
      changes: BikeChange[];
      unitsIn: number;
      /** Where its units in go (issue 23); left out: the importer's default place. */
      placeId?: string;
    }
  | { line: number; action: "unchanged"; id: string; name: string };
