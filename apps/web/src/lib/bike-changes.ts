import type { BikeChange } from "@ultimate-bikes/contract/bikes";
import { formatPrice } from "./format";

/**
 * How the ledger and the edit form name each detail of a bike, mid-sentence; the stock number
 * has an edit of its own (issue 21).
 */
export const EDITABLE_FIELD_LABELS: Record<BikeChange["field"], string> = {
  name: "name",
  des: "description",
  price: "price",
  supplierName: "supplier",
  photo: "photo",
  reorderPoint: "reorder point",
  costPrice: "cost price",
  stockNumber: "stock number",
};

/** A photo uploaded to this site: kept at 800 px, and at 400 px under `-400`. */
const UPLOADED_PHOTO = /^\/images\/uploads\/[0-9a-f-]{36}\.webp$/;

export const isUploadedPhoto = (photo: string) => UPLOADED_PHOTO.test(photo);

/** The smallest size of a photo there is: an upload's 400 px one, else the photo itself. */
export const smallPhotoOf = (photo: string) =>
  isUploadedPhoto(photo) ? photo.replace(/\.webp$/, "-400.webp") : photo;

/**
 * A detail's value as people read it: prices as money, an unknown cost price as "not known", and
 * never a photo's path or address, which says nothing to a person ("new photo").
 */
export function detailValueText(field: BikeChange["field"], value: BikeChange["to"]): string {
  if (value === null || value === "") return field === "photo" ? "no photo" : "not known";
  if (field === "photo") return "new photo";
  if ((field === "price" || field === "costPrice") && !Number.isNaN(Number(value))) {
    return formatPrice(Number(value));
  }
  return String(value);
}

/** One change of an edit, as the ledger says it: "price: $4,100.00 → $4,250.50", "photo: new photo". */
export function changeText({ field, from, to }: BikeChange): string {
  const label = EDITABLE_FIELD_LABELS[field];
  if (field === "photo") return `${label}: ${detailValueText(field, to)}`;
  return `${label}: ${detailValueText(field, from)} → ${detailValueText(field, to)}`;
}
