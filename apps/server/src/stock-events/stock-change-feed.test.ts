import type { StockEvent } from "@ultimate-bikes/contract/stock-events";
import Fastify from "fastify";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createInProcessStockChanges } from "../db/stock-changes.ts";
import { createStockChangeFeed } from "./stock-change-feed.ts";

const delivery = (id: number): StockEvent => ({
  id,
  bikeId: "b",
  name: "Bike",
  kind: "deliver",
  delta: -1,
  quantity: 0,
  at: new Date(0).toISOString(),
  placeId: null,
  place: null,
  placeDelta: null,
  placeQuantity: null,
  inTransit: null,
  transferId: null,
});

/** A ledger holding movements 1..count, read in slices as the feed asks. */
function ledgerOf(count: () => number) {
  return {
    latestMovementId: async () => 0,
    movementsAfter: async (after: number, limit: number) =>
      Array.from({ length: Math.max(0, Math.min(limit, count() - after)) }, (_, index) =>
        delivery(after + index + 1),
      ),
  };
}

describe("the stock change feed", () => {
  async function feedAfter(movements: number) {
    let written = 0;
    const changes = createInProcessStockChanges();
    let bursts = 0;
    const feed = createStockChangeFeed(
      ledgerOf(() => written),
      changes,
      Fastify().log,
      () => (bursts += 1),
    );
    const passed: number[] = [];
    feed.onEvents((events) => passed.push(...events.map((event) => event.id)));
    await feed.start();
    written = movements;
    changes.committed();
    await sleep(50);
    feed.close();
    return { passed, bursts };
  }

  it("passes a burst on whole, a slice at a time, then gives back what its reads took", async () => {
    const { passed, bursts } = await feedAfter(1_234);
    expect(passed).toEqual(Array.from({ length: 1_234 }, (_, index) => index + 1));
    expect(bursts).toBe(1);
  });

  it("keeps what an everyday change read: a single slice is no burst", async () => {
    const { passed, bursts } = await feedAfter(3);
    expect(passed).toEqual([1, 2, 3]);
    expect(bursts).toBe(0);
  });
});
