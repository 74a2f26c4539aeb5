import { sql, type Kysely } from "kysely";
import type { DatabaseKind } from "../database.ts";

/**
 * Read leases on PostgreSQL (docs/decisions/022, removed by 025 and migration 017): one row per running app
 * server, saying which stock version it has seen and until when it may answer from that
 * knowledge without asking the database. SQLite needs none: its servers see a commit in the
 * WAL index (db/stock-version.ts).
 */
export function createVersionLeases(kind: DatabaseKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== "postgres") return;
      await sql`create table version_lease (
        instance text primary key,
        seen_version bigint not null,
        expires_at timestamptz not null
      )`.execute(db);
    },
  };
}
