import type { Generated } from "kysely";

/**
 * Row types as Kysely sees them. Timestamps are `timestamptz` on PostgreSQL and ISO text on
 * SQLite, so reads get `Date | string` and go through `toIsoTimestamp`.
 */
export type Timestamp = Date | string;

/**
 * The full-text search index of migration 003 is not here: only bikes/stock-search.ts reads it,
 * through raw SQL, and it differs between the databases (docs/decisions/009).
 */
export interface BikeTable {
  id: string;
  name: string;
  des: string;
  photo: string;
  /** Whole cents: exact on both databases, no floating point anywhere. */
  price_cents: number;
  /** What the bike cost, whole cents; null when nobody said (migration 019). */
  cost_price_cents: number | null;
  quantity: number;
  supplier_name: string;
  /** At or below it (and above 0) the bike is low on stock; 0 or more. */
  reorder_point: number;
  owner_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /**
   * Its stock number, shown as `UB-00042` (migration 018): unique, kept when deleted. Null only
   * for a bike a server of the previous release added during an upgrade.
   */
  stock_number: number | null;
  /** Units on their way between places, in `quantity` but at no place (migration 020). */
  in_transit: Generated<number>;
  /** Whether each unit is recorded by chassis and engine number (migration 023). */
  tracks_units: Generated<boolean | number>;
  /** Units under an open hold, in `quantity` but not available (migration 023). */
  held: Generated<number>;
}

export type StockMovementKind =
  | "seed"
  | "create"
  | "deliver"
  | "import"
  | "delete"
  | "restore"
  | "edit"
  | "send"
  | "receive"
  | "shortfall"
  | "track"
  | "untrack"
  | "hold"
  | "hold-extend"
  | "release"
  | "hold-expire";

/**
 * A deleted bike, restorable until its retention period is over (docs/decisions/015): the bike's
 * row as it was, moved out of `bike` so no read of the stock has to skip it.
 */
export interface DeletedBikeTable extends BikeTable {
  deleted_at: Timestamp;
  /** The user who deleted it; no foreign key, like the ledger's actor. */
  deleted_by: string | null;
}

export interface StockMovementTable {
  id: Generated<number>;
  /** No foreign key on purpose: the history outlives the bike. */
  bike_id: string;
  bike_name: string;
  kind: StockMovementKind;
  delta: number;
  quantity_after: number;
  actor_id: string | null;
  actor_email: string | null;
  created_at: Timestamp;
  /** An order or a supplier invoice, given with a delivery or an import (migration 010). */
  reference: string | null;
  /** On `edit`: what changed, as JSON `[{ field, from, to }]` (migration 010). */
  changes: string | null;
  /** Where the units moved (migration 020); null for edits, deletes and older entries. */
  place_id: Generated<string | null>;
  /** Units in (positive) or out (negative) at `place_id`; `delta` is the change of the total. */
  place_delta: Generated<number | null>;
  /** The units at `place_id` after the movement. */
  place_quantity_after: Generated<number | null>;
  /** On a transfer's steps: the bike's units in transit after it (else unchanged). */
  in_transit_after: Generated<number | null>;
  /** The transfer a `send`, `receive` or `shortfall` belongs to (migration 020). */
  transfer_id: Generated<string | null>;
  /** The hold a `hold`, `hold-extend`, `release` or `hold-expire` is about (migration 023). */
  hold_id: Generated<string | null>;
}

export type PlaceKind = "warehouse" | "showroom";

/** A warehouse or a showroom (migration 020); archived, never deleted once it has history. */
export interface PlaceTable {
  id: string;
  name: string;
  kind: PlaceKind;
  city: string;
  address: string | null;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A bike's units at a place, never below 0 (migration 020). */
export interface BikeStockTable {
  bike_id: string;
  place_id: string;
  quantity: number;
}

export type TransferStatus = "draft" | "sent" | "received" | "cancelled";

/** A transfer document between two places (migration 020), shown as `T-000123`. */
export interface TransferTable {
  id: string;
  number: number;
  source_place_id: string;
  destination_place_id: string;
  reference: string | null;
  status: TransferStatus;
  created_by: string | null;
  created_at: Timestamp;
  sent_by: string | null;
  sent_at: Timestamp | null;
  received_by: string | null;
  received_at: Timestamp | null;
  cancelled_by: string | null;
  cancelled_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface TransferLineTable {
  transfer_id: string;
  position: number;
  bike_id: string;
  bike_name: string;
  quantity: number;
  /** How many arrived, once received. */
  received: number | null;
  /** Why fewer arrived than were sent. */
  shortfall_reason: string | null;
}

export type UnitStatus = "in_stock" | "held" | "in_transit" | "delivered" | "missing";

/** One motorbike of a tracked model (migration 023). */
export interface UnitTable {
  id: string;
  bike_id: string;
  /** Normalized: capitals, no spaces or dashes. Unique. */
  chassis: string;
  chassis_reversed: string;
  engine: string;
  engine_reversed: string;
  colour: string;
  model_year: number;
  status: UnitStatus;
  /** Null while in transit. */
  place_id: string | null;
  /** The transfer carrying it, while in transit. */
  transfer_id: string | null;
  arrived_at: Timestamp;
  delivered_at: Timestamp | null;
  notes: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type HoldEnd = "released" | "delivered" | "expired";

/** A unit, or n units of an untracked model at a place, kept for a customer (migration 023). */
export interface HoldTable {
  id: string;
  bike_id: string;
  place_id: string;
  unit_id: string | null;
  units: number;
  customer_name: string;
  customer_phone: string;
  reference: string | null;
  expires_at: Timestamp;
  made_by: string | null;
  made_at: Timestamp;
  ended_at: Timestamp | null;
  ended_by: string | null;
  end_reason: HoldEnd | null;
  expiry_mailed_at: Timestamp | null;
}

/** Which units a ledger entry moved (migration 023). */
export interface StockMovementUnitTable {
  unit_id: string;
  movement_id: number;
}

/** Each person's home place, the default place of their actions (migration 020). */
export interface HomePlaceTable {
  user_id: string;
  place_id: string;
}

/** Where new stock numbers come from (migration 018): one row, `bike`, the last number given. */
export interface StockNumberSequenceTable {
  name: string;
  last_number: number;
}

/** The columns of better-auth's user table that our queries join on (it owns the rest). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  /** Stored role; what it grants depends on ACCESS_POLICY and ADMIN_EMAILS (auth/roles.ts). */
  role: Generated<string>;
  createdAt: Timestamp;
}

/** better-auth's sessions, read directly only to check an access token's session is alive. */
export interface SessionTable {
  id: string;
  userId: string;
  expiresAt: Timestamp;
}

/** People page invitations (migration 009): pending until a sign-up with the email accepts one. */
export interface InvitationTable {
  id: string;
  /** Lowercased, as every stored email is. */
  email: string;
  role: string;
  /** sha256 of the mailed token, base64url; the token itself is never stored. */
  token_hash: string;
  invited_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
}

/** One size of an uploaded photo (migration 013), WebP. */
export interface UploadedPhotoTable {
  id: string;
  width: number;
  content_type: string;
  bytes: Buffer;
  uploaded_by: string | null;
  created_at: Timestamp;
}

/** Staff who want low-stock alerts by mail (migration 014). */
export interface LowStockSubscriptionTable {
  user_id: string;
  created_at: Timestamp;
}

/** The outbox of low-stock alerts, one row per crossing (migration 014). */
export interface LowStockAlertTable {
  id: Generated<number>;
  bike_id: string;
  bike_name: string;
  quantity: number;
  reorder_point: number;
  created_at: Timestamp;
  next_attempt_at: Timestamp;
  /** Until when the server that took it is sending it; another may take it after. */
  claimed_until: Timestamp | null;
  attempts: Generated<number>;
  sent_at: Timestamp | null;
  last_error: string | null;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  invitation: InvitationTable;
  bike: BikeTable;
  deleted_bike: DeletedBikeTable;
  stock_number_sequence: StockNumberSequenceTable;
  stock_movement: StockMovementTable;
  uploaded_photo: UploadedPhotoTable;
  low_stock_subscription: LowStockSubscriptionTable;
  low_stock_alert: LowStockAlertTable;
  place: PlaceTable;
  bike_stock: BikeStockTable;
  transfer: TransferTable;
  transfer_line: TransferLineTable;
  home_place: HomePlaceTable;
  unit: UnitTable;
  hold: HoldTable;
  stock_movement_unit: StockMovementUnitTable;
}

export function toIsoTimestamp(value: Timestamp): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
