import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { createReaderCatchUp } from "../db/version-leases.ts";

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * With read leases (PostgreSQL, docs/decisions/022): the answer to any request that may have
 * written leaves only once every server holding a lease has seen the stock as it now is, so a
 * read on any of them right after it is fresh. A check that fails (the database went away after
 * the write) does not turn a committed write into an error: it is logged and the answer goes.
 */
export const writeVisibilityPlugin = fp(async (app, { db }: { db: Kysely<Database> }) => {
  const untilReadersHaveSeen = createReaderCatchUp(db, app.log);
  app.addHook("onSend", async (request, _reply, payload) => {
    if (READ_METHODS.has(request.method)) return payload;
    try {
      await untilReadersHaveSeen();
    } catch (error) {
      request.log.warn({ err: error }, "could not confirm that every server has seen this write");
    }
    return payload;
  });
});
