import {
  bikeChangeSchema,
  type BikeChange,
  type StockMovement,
} from "@ultimate-bikes/contract/bikes";
import type { LedgerEntry } from "@ultimate-bikes/contract/ledger";
import { formatTransferNumber } from "@ultimate-bikes/contract/transfers";
import type { Kysely } from "kysely";
import {
  toIsoTimestamp,
  type Database,
  type StockMovementKind,
  type Timestamp,
} from "../db/schema.ts";

/** How the ledger names someone whose account has since been removed. */
export const FORMER_COLLEAGUE = "A former colleague";

/**
 * What a ledger read selects: the movement, its actor's name from their account, its place's name
 * and its transfer's number (the read left-joins `user`, `place` and `transfer`).
 */
export const movementColumns = [
  "stock_movement.id",
  "stock_movement.bike_id",
  "stock_movement.bike_name",
  "stock_movement.kind",
  "stock_movement.delta",
  "stock_movement.quantity_after",
  "stock_movement.actor_id",
  "stock_movement.created_at",
  "stock_movement.reference",
  "stock_movement.changes",
  "stock_movement.place_id",
  "stock_movement.place_delta",
  "stock_movement.transfer_id",
  "user.name as actor_name",
  "place.name as place_name",
  "transfer.number as transfer_number",
] as const;

/** Movements with their actor's, place's and transfer's names, as every ledger read selects them. */
export const movementsWithNames = (db: Kysely<Database>) =>
  db
    .selectFrom("stock_movement")
    .leftJoin("user", "user.id", "stock_movement.actor_id")
    .leftJoin("place", "place.id", "stock_movement.place_id")
    .leftJoin("transfer", "transfer.id", "stock_movement.transfer_id")
    .select(movementColumns);

export interface MovementRow {
  id: number | string;
  bike_id: string;
  bike_name: string;
  kind: StockMovementKind;
  delta: number;
  quantity_after: number;
  actor_id: string | null;
  created_at: Timestamp;
  reference: string | null;
  changes: string | null;
  actor_name: string | null;
  place_id: string | null;
  place_delta: number | null;
  transfer_id: string | null;
  place_name: string | null;
  transfer_number: number | null;
}

/** An edit's stored changes (migration 010), as the ledger answers them. */
function parsedChanges(stored: string | null): BikeChange[] | null {
  return stored === null ? null : bikeChangeSchema.array().parse(JSON.parse(stored));
}

/**
 * A movement as the ledger answers it: people by name, never by email (their colleagues read
 * it), "A former colleague" once an account is gone, nobody for the warehouse's own entries.
 */
export function movementOf(row: MovementRow): StockMovement {
  return {
    id: Number(row.id),
    kind: row.kind,
    delta: row.delta,
    quantityAfter: row.quantity_after,
    actorName: row.actor_id === null ? null : (row.actor_name ?? FORMER_COLLEAGUE),
    at: toIsoTimestamp(row.created_at),
    reference: row.reference,
    changes: parsedChanges(row.changes),
    place: row.place_id === null ? null : { id: row.place_id, name: row.place_name ?? "" },
    placeDelta: row.place_delta,
    transfer:
      row.transfer_id === null
        ? null
        : { id: row.transfer_id, number: formatTransferNumber(Number(row.transfer_number)) },
  };
}

/** The same, with the bike it belongs to, for the whole ledger. */
export const ledgerEntryOf = (row: MovementRow): LedgerEntry => ({
  ...movementOf(row),
  bikeId: row.bike_id,
  bikeName: row.bike_name,
});
