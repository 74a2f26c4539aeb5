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
  quantity: number;
  supplier_name: string;
  /** At or below it (and above 0) the bike is low on stock; 0 or more. */
  reorder_point: number;
  owner_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type StockMovementKind = "seed" | "create" | "deliver" | "import" | "delete";

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

export interface Database {
  user: UserTable;
  session: SessionTable;
  bike: BikeTable;
  stock_movement: StockMovementTable;
}

export function toIsoTimestamp(value: Timestamp): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
