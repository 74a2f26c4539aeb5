import { LEDGER_POSITION_HEADER } from "@ultimate-bikes/contract/ledger-position";
import type { preHandlerHookHandler, RouteOptions } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Answer with the ledger position the data reflects (plugins/ledger-position.ts): for reads
     * that show stock, so a page can open its live stream where its data stands.
     */
    ledgerPosition?: boolean;
  }
}

const toArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Gives the reads that opt in (`config: { ledgerPosition: true }`) the `Ledger-Position` header:
 * the newest ledger movement id, read before the route reads its data, so the data reflects that
 * movement and every one before it (ids commit in order, docs/decisions/011). A page resumes its
 * live stream from there and is replayed whatever its data may lack (docs/decisions/023).
 * A stored answer of the read cache replays the position read with its data, never a newer one
 * (plugins/read-cache.ts). Register it before the routes.
 */
export const ledgerPositionPlugin = fp(
  async (app, { latestMovementId }: { latestMovementId: () => Promise<number | null> }) => {
    const notePosition: preHandlerHookHandler = async (_request, reply) => {
      reply.header(LEDGER_POSITION_HEADER, String((await latestMovementId()) ?? 0));
    };
    app.addHook("onRoute", (route: RouteOptions) => {
      if (!route.config?.ledgerPosition) return;
      // Last before the handler, after the route's checks: as close to its data read as can be.
      route.preHandler = [...toArray(route.preHandler), notePosition];
    });
  },
  { name: "ledger-position" },
);
