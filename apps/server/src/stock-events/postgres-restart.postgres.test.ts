import {
  STOCK_EVENT,
  STOCK_READY_EVENT,
  STOCK_RESET_EVENT,
  stockEventSchema,
} from "@ultimate-bikes/contract/stock-events";
import { openEventStream } from "@ultimate-bikes/test-support/sse-client";
import type { LightMyRequestResponse } from "fastify";
import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../test/accounts.ts";
import { addBike, deliver, importUnits, movementsOf, range } from "../../test/stock-helpers.ts";
import { useAppOnOwnPostgres } from "../../test/own-postgres-app.ts";

/** Repeats a write until the app's pool reaches the restarted server again. */
async function untilAccepted(
  write: () => Promise<LightMyRequestResponse>,
  timeoutMs = 20_000,
): Promise<LightMyRequestResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await write();
    if (response.statusCode === 200 || Date.now() > deadline) return response;
    await sleep(100);
  }
}

// Restarting PostgreSQL cuts every connection; the shared test cluster serves other files at the
// same time, so this file starts a cluster of its own.
describe("live stock events across a PostgreSQL restart", () => {
  const own = useAppOnOwnPostgres();
  let origin = "";

  beforeAll(async () => {
    await own.app.listen({ port: 0, host: "127.0.0.1" });
    const address = own.app.server.address();
    if (address === null || typeof address === "string") throw new Error("not a TCP address");
    origin = `http://127.0.0.1:${address.port}`;
  });

  it("keeps the stream open and delivers every movement made after the restart", async () => {
    const server = own.app;
    const user = await signUp(server);
    const id = await addBike(server, user, { quantity: 100 });
    const [created] = await movementsOf(server, user, id, 1);
    const stream = await openEventStream(`${origin}/api/stock/events`);
    try {
      expect(stream.status).toBe(200);
      const ready = await stream.next(STOCK_READY_EVENT);
      // The bike's `create` may still come after `ready` (it committed a moment before).
      if (Number(ready.id) < created!.id)
        await stream.next((event) => event.id === String(created!.id));
      const live = stream.events.length;
      expect((await deliver(server, user, id)).statusCode).toBe(200);
      await stream.next(STOCK_EVENT);

      await own.cluster.restart();

      // Right after it is back, before the server's listening connection may have reconnected.
      const first = await untilAccepted(() => deliver(server, user, id));
      expect(first.statusCode, first.body).toBe(200);
      const more = await Promise.all(
        range(0, 10).map((index) =>
          index % 2 ? deliver(server, user, id) : importUnits(server, user, id, 2),
        ),
      );
      for (const response of more) expect(response.statusCode, response.body).toBe(200);

      const ledger = (await movementsOf(server, user, id, 200)).reverse();
      const changes = ledger.filter((movement) => movement.kind !== "create");
      expect(changes).toHaveLength(12);
      const newest = changes.at(-1)!.id;
      // The server's listening connection reconnects on its own, then catches up from the ledger.
      await stream.next((event) => event.id === String(newest), 20_000);

      expect(stream.ended).toBe(false);
      expect(stream.events.map((event) => event.event)).not.toContain(STOCK_RESET_EVENT);
      expect(stream.events.filter((event) => event.event === STOCK_READY_EVENT)).toHaveLength(1);
      const received = stream.events
        .slice(live)
        .filter((event) => event.event === STOCK_EVENT)
        .map((event) => stockEventSchema.parse(JSON.parse(event.data)));
      expect(received).toEqual(
        changes.map((movement) =>
          expect.objectContaining({
            id: movement.id,
            bikeId: id,
            kind: movement.kind,
            delta: movement.delta,
            quantity: movement.quantityAfter,
          }),
        ),
      );
    } finally {
      stream.close();
    }
  }, 60_000);
});
