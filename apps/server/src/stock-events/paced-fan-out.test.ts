import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { createPacedFanOut, type Batch, type Message } from "./paced-fan-out.ts";

const message = (id: number, size = 10): Message => ({ id, text: `${id}:`.padEnd(size, "x") });

/** `count` streams that record the ids of each batch they get (a heartbeat as "heartbeat"). */
function fanOutTo(count: number, maxBatchBytes = 1024) {
  const received = Array.from({ length: count }, () => [] as (number[] | "heartbeat")[]);
  const fanOut = createPacedFanOut({
    targets: () => received.keys(),
    isOpen: () => true,
    send: (target, batch?: Batch) =>
      received[target]!.push(batch ? batch.messages.map((each) => each.id) : "heartbeat"),
    maxBatchBytes,
    heartbeatMs: 60_000,
    failed: (error) => {
      throw error;
    },
  });
  return { fanOut, received };
}

describe("the paced fan-out", () => {
  const fanOuts: { close(): void }[] = [];
  afterEach(() => fanOuts.splice(0).forEach((fanOut) => fanOut.close()));

  it("sends the first message at once and what comes during its pause together, each once", async () => {
    const { fanOut, received } = fanOutTo(3);
    fanOuts.push(fanOut);
    fanOut.pass([message(1)]);
    expect(received).toEqual([[[1]], [[1]], [[1]]]);

    fanOut.pass([message(2)]);
    fanOut.pass([message(2), message(3)]);
    fanOut.pass([message(4)]);
    await sleep(20);
    expect(received.every((batches) => batches.length === 2)).toBe(true);
    expect(received[0]).toEqual([[1], [2, 3, 4]]);
  });

  it("writes to many streams a slice a turn, and to all of them in the end", async () => {
    const { fanOut, received } = fanOutTo(250);
    fanOuts.push(fanOut);
    fanOut.pass([message(1)]);
    const atOnce = received.filter((batches) => batches.length > 0).length;
    expect(atOnce).toBeGreaterThan(0);
    expect(atOnce).toBeLessThan(250);
    await sleep(20);
    expect(received.every((batches) => batches.length === 1)).toBe(true);
  });

  it("splits a burst larger than a batch may be, in order, losing nothing", async () => {
    const { fanOut, received } = fanOutTo(2, 100);
    fanOuts.push(fanOut);
    fanOut.pass([message(1)]);
    fanOut.pass(Array.from({ length: 30 }, (_, index) => message(index + 2, 25)));
    await sleep(50);
    const batches = received[0] as number[][];
    expect(batches.length).toBeGreaterThan(2);
    expect(batches.flat()).toEqual(Array.from({ length: 31 }, (_, index) => index + 1));
    expect(received[1]).toEqual(received[0]);
  });
});
