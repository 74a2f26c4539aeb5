import type { Kysely } from "kysely";

/**
 * Issue 13: a ledger entry may carry a reference (an order or a supplier invoice, given with a
 * delivery or an import), and an edit of a bike's details is an entry of its own (kind `edit`,
 * delta 0) whose `changes` column holds what changed, as JSON: `[{ field, from, to }]`. Both
 * columns are empty for every earlier entry. `kind` is free text (migration 001), so the new kind
 * needs no change of its own.
 */
export function addLedgerReferencesAndEdits() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("stock_movement").addColumn("reference", "text").execute();
      await db.schema.alterTable("stock_movement").addColumn("changes", "text").execute();
    },
  };
}
