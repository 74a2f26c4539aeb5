import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import { formatStockNumber, parseStockNumber } from "@ultimate-bikes/contract/stock-number";
import {
  formatTransferNumber,
  parseTransferNumber,
  transferByNumberPath,
  transferSchema,
} from "@ultimate-bikes/contract/transfers";
import { chassisSchema, UNITS_PATH, unitListResponseSchema } from "@ultimate-bikes/contract/units";
import type { z } from "zod";
import { ApiRequestError, apiRequest } from "../../lib/api-client";
import { bikeIdFrom } from "../../lib/bike-links";
import { bikePagePath, transferPagePath, unitPagePath } from "../../lib/paths";
import { transferIdFrom } from "../../lib/transfer-links";

/** What a scanned or typed text names, before the API is asked about it. */
export type ScannedCode =
  /** One of our pages: a bike's or a transfer's address (or a bike id), opened as it is. */
  | { kind: "page"; path: string }
  /** A unit's label: its chassis number (ISO 3779), capitals without spaces. */
  | { kind: "chassis"; chassis: string }
  /** A transfer's number, as shown (`T-000123`). */
  | { kind: "transfer"; number: string }
  /** A bike's stock number, as shown (`UB-00042`). */
  | { kind: "stock-number"; number: string };

/**
 * What a scanned or typed text names; undefined when it is none of our codes. A transfer's
 * address opens it ready to receive (its sheet's QR code).
 */
export function readCode(text: string): ScannedCode | undefined {
  const transferId = transferIdFrom(text);
  if (transferId) return { kind: "page", path: transferPagePath(transferId, { receive: true }) };
  const bikeId = bikeIdFrom(text);
  if (bikeId) return { kind: "page", path: bikePagePath(bikeId) };
  const chassis = chassisSchema.safeParse(text);
  if (chassis.success) return { kind: "chassis", chassis: chassis.data };
  const transferNumber = parseTransferNumber(text);
  if (transferNumber !== undefined) {
    return { kind: "transfer", number: formatTransferNumber(transferNumber) };
  }
  const stockNumber = parseStockNumber(text);
  if (stockNumber !== undefined) {
    return { kind: "stock-number", number: formatStockNumber(stockNumber) };
  }
  return undefined;
}

/** The API's answer at `path`, or undefined for a 404. */
async function found<Schema extends z.ZodType>(path: string, schema: Schema) {
  try {
    return await apiRequest(path, schema);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * The page a code opens, or why there is none (no unit, bike or transfer has that number). A
 * failed request (a member asking about units, say) throws its message.
 */
export async function destinationOf(
  code: ScannedCode,
): Promise<{ path: string } | { problem: string }> {
  switch (code.kind) {
    case "page":
      return { path: code.path };
    case "chassis": {
      const query = new URLSearchParams({ chassis: code.chassis });
      const [unit] = await apiRequest(`${UNITS_PATH}?${query}`, unitListResponseSchema);
      if (unit) return { path: unitPagePath(unit.id) };
      return { problem: `No unit has the chassis number ${code.chassis}.` };
    }
    case "transfer": {
      const transfer = await found(transferByNumberPath(code.number), transferSchema);
      if (transfer) return { path: transferPagePath(transfer.id, { receive: true }) };
      return { problem: `No transfer has the number ${code.number}.` };
    }
    case "stock-number": {
      const bike = await found(
        `/bikes/by-stock-number/${encodeURIComponent(code.number)}`,
        bikeSchema,
      );
      if (bike) return { path: bikePagePath(bike._id) };
      return { problem: `No bike has the stock number ${code.number}.` };
    }
  }
}
