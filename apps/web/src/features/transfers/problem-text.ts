import { ApiRequestError } from "../../lib/api-client";

/** What each field of a transfer's requests is called on screen. */
const FIELD_NAMES: Record<string, string> = {
  sourcePlaceId: "From",
  destinationPlaceId: "To",
  reference: "Reference",
  lines: "Lines",
  bikeId: "bike",
  quantity: "quantity",
  received: "arrived",
  reason: "reason",
};

/** `body.lines.1.quantity` → "Line 2, quantity"; `body.reference` → "Reference". */
function fieldName(path: string): string {
  const parts = path.replace(/^body\.?/, "").split(".");
  const [first, index, field] = parts;
  if (first === "lines" && index !== undefined && /^\d+$/.test(index)) {
    const line = `Line ${Number(index) + 1}`;
    return field ? `${line}, ${FIELD_NAMES[field] ?? field}` : line;
  }
  return FIELD_NAMES[first ?? ""] ?? path;
}

/**
 * A refusal as a person reads it: the server's sentence, or for bad input (400) each field by the
 * name the form gives it ("Line 2, quantity: must be 1 or more").
 */
export function problemText(error: Error): string {
  // A 404's and a 409's sentences name the lines themselves ("… 3 asked. Nothing was sent.").
  if (error instanceof ApiRequestError && error.status === 400 && error.fields.length > 0) {
    return error.fields.map((field) => `${fieldName(field.field)}: ${field.message}`).join(". ");
  }
  return error.message;
}
