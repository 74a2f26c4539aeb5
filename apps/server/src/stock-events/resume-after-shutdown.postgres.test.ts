import { STOCK_EVENT, STOCK_READY_EVENT } from "@ultimate-bikes/contract/stock-events";
import { openEventStream } from "@ultimate-bikes/test-support/sse-client";
import type { FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  asEvent,
  EVENTS_URL,
  expectOk,
  ledgerOf,
  liveAfter,
  newestMovementId,
  nextStockOf,
  stockEventOf,
  useListening,
  useStreams,
} from "../../test/event-streams.ts";
import { addBike, deliver } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { buildApp } from "../app.ts";
import type { ServerSentEvent } from "@ultimate-bikes/test-support/sse-client";
import { RECONNECT_AFTER_CLOSE_MS, RECONNECT_SPREAD_MS } from "./stock-event-hub.ts";

const DELIVERIES = 30;
/** How many deliveries are acknowledged before the other server is told to shut down. */
const BEFORE_SHUTDOWN = 10;

const stockEventsOf = (bikeId: string, events: readonly ServerSentEvent[]) =>
  events
    .filter((event) => event.event === STOCK_EVENT)
    .map(stockEventOf)
    .filter((event) => event.bikeId === bikeId);

// PostgreSQL only: servers that share a database there, one restarted while the other stays (a
// rolling restart behind a load balancer).
describe(`a live stock stream whose server shuts down, on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff"] });
  const { staff } = test.users;
  const stays = useListening(() => test.app);
  const openStream = useStreams();

  it("resumes from its Last-Event-ID on another server with every event exactly once", async () => {
    const leaving: FastifyInstance = await buildApp({ ...test.config, seed: false });
    let closed: Promise<void> | undefined;
    try {
      await leaving.listen({ port: 0, host: "127.0.0.1" });
      const { port } = leaving.server.address() as AddressInfo;
      const id = await addBike(test.app, staff, { quantity: DELIVERIES });
      const stream = await openEventStream(`http://127.0.0.1:${port}${EVENTS_URL}`);
      await liveAfter(stream, await newestMovementId(test.app, staff, id));

      // Deliveries through the server that stays, before, while and after the other shuts down.
      for (let delivered = 0; delivered < DELIVERIES; delivered++) {
        if (delivered === BEFORE_SHUTDOWN) closed = leaving.close();
        expectOk(await deliver(test.app, staff, id));
        // The first one reached the stream before the shutdown: it has something to resume from.
        if (delivered === 0) await nextStockOf(stream, id);
      }
      await closed;

      // Told to come back soon, and ended.
      await expect(stream.next(() => false)).rejects.toThrow(/the server ended the stream/);
      expect(stream.retry).toBeGreaterThanOrEqual(RECONNECT_AFTER_CLOSE_MS);
      expect(stream.retry).toBeLessThan(RECONNECT_AFTER_CLOSE_MS + RECONNECT_SPREAD_MS);
      const beforeShutdown = stockEventsOf(id, stream.events);
      expect(beforeShutdown.length).toBeGreaterThan(0);

      // EventSource reconnects with the last id it saw as Last-Event-ID.
      const resumed = await openStream(`${stays.origin}${EVENTS_URL}`, {
        lastEventId: stream.lastEventId,
      });
      // The replay (everything since, all delivered by now) comes before `ready`.
      await resumed.next(STOCK_READY_EVENT);
      const afterResuming = stockEventsOf(id, resumed.events);

      const deliveries = (await ledgerOf(test.app, staff, id)).filter((m) => m.kind !== "create");
      expect(deliveries).toHaveLength(DELIVERIES);
      expect([...beforeShutdown, ...afterResuming]).toEqual(
        deliveries.map((movement) => expect.objectContaining(asEvent(id, movement))),
      );
    } finally {
      await (closed ?? leaving.close());
    }
  });
});
