import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/**
 * Read leases are gone (docs/decisions/025): PostgreSQL's reads ask the database for the stock
 * version again, so migration 015's table has no reader left. A server of the previous release
 * still running during an upgrade finds its lease renewal failing, and falls back to asking the
 * database as its lease lapse rule says; its writes log that the wait could not be confirmed and
 * answer (ADR 022's write wait never turned a committed write into an error).
 */
export function dropVersionLeases(kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== "postgres") return;
      await sql`drop table if exists version_lease`.execute(db);
    },
  };
}
