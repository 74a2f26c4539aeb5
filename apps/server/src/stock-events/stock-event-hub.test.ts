import type { StockEvent } from "@ultimate-bikes/contract/stock-events";
import { openEventStream, type EventStream } from "@ultimate-bikes/test-support/sse-client";
import Fastify from "fastify";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import type { StockChangeFeed } from "./stock-change-feed.ts";
import { createStockEventHub } from "./stock-event-hub.ts";

/** A feed the test drives by hand, and a ledger of one movement. */
function fakeFeed() {
  const listeners = new Set<(events: StockEvent[]) => void>();
  const feed = {
    onEvents(listener: (events: StockEvent[]) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  } as unknown as StockChangeFeed;
  return {
    feed,
    pass: (events: StockEvent[]) => listeners.forEach((listener) => listener(events)),
  };
}

const ledger = { latestMovementId: async () => 1, movementsAfter: async () => [] };

const delivery = (id: number): StockEvent => ({
  id,
  bikeId: "b",
  name: "Bike",
  kind: "deliver",
  delta: -1,
  quantity: 10 - id,
  at: new Date(0).toISOString(),
  placeId: null,
  place: null,
  placeDelta: null,
  placeQuantity: null,
  inTransit: null,
  transferId: null,
});

describe("the stock event hub", () => {
  const servers: Server[] = [];
  const streams: EventStream[] = [];
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  async function serve(limits: Parameters<typeof createStockEventHub>[3]) {
    const { feed, pass } = fakeFeed();
    const hub = createStockEventHub(feed, ledger, Fastify().log, limits);
    const server = createServer((request, response) => {
      void hub.connect(response, undefined, request.socket.remoteAddress!);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const stream = await openEventStream(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    );
    streams.push(stream);
    return { hub, pass, stream };
  }

  it("sends a keep-alive comment every heartbeat to a live stream", async () => {
    const { hub, stream } = await serve({
      heartbeatMs: 40,
      maxBufferedBytes: 256 * 1024,
      maxSubscribers: 10,
    });
    expect((await stream.next()).event).toBe("ready");
    await sleep(200);
    expect(stream.comments).toBeGreaterThanOrEqual(3);
    hub.close();
  });

  it("passes each batch on once, in order, and says it is full at its limit", async () => {
    const { hub, pass, stream } = await serve({
      heartbeatMs: 60_000,
      maxBufferedBytes: 256 * 1024,
      maxSubscribers: 1,
    });
    expect((await stream.next()).event).toBe("ready");
    expect(hub.refusal("127.0.0.1")).toBe("server full");
    pass([delivery(2), delivery(3)]);
    pass([delivery(3), delivery(4)]);
    const ids = [];
    for (let count = 0; count < 3; count++) ids.push((await stream.next("stock")).id);
    expect(ids).toEqual(["2", "3", "4"]);
    hub.close();
  });
});
