import type { StockEvent } from "@ultimate-bikes/contract/stock-events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  behindStream,
  caughtUp,
  KEPT_EVENTS,
  reviseAnswersWith,
  streamed,
  streamLive,
  streamReset,
  streamStart,
  streamStopped,
  type AnswerReviser,
} from "./ledger-position";

const schema = z.object({ quantity: z.number() });
const event = (id: number): StockEvent => ({
  id,
  bikeId: "bike-1",
  name: "Honda CB500",
  kind: "import",
  delta: 1,
  quantity: id,
  at: "2026-11-22T11:00:00.000Z",
  placeId: null,
  place: null,
  placeDelta: null,
  placeQuantity: null,
  inTransit: null,
  transferId: null,
});

describe("ledger positions", () => {
  afterEach(streamStopped);

  it("starts the stream from the oldest answer taken before it, and asks again for older ones", () => {
    for (const position of [44, 40, 42]) caughtUp(position, schema, { quantity: 1 });
    expect(behindStream(10)).toBe(false);

    expect(streamStart()).toBe(40);
    expect(behindStream(39)).toBe(true);
    expect(behindStream(40)).toBe(false);
  });

  it("starts from nothing without answers, and has those taken while it connected asked again", () => {
    expect(streamStart()).toBeUndefined();
    caughtUp(38, schema, { quantity: 1 });
    expect(streamLive(40)).toBe(true);
    expect(behindStream(39)).toBe(true);
    // Live already: a later `ready` (after a reconnection) changes nothing.
    expect(streamLive(50)).toBe(false);
    expect(behindStream(45)).toBe(false);
  });

  it("brings an answer up to the events applied after its position, and only those", () => {
    const revise = vi.fn<AnswerReviser>((_schema, data) => ({
      ...(data as object),
      revised: true,
    }));
    const stopRevising = reviseAnswersWith(revise);
    streamLive(40);
    for (const id of [41, 42, 43]) streamed(event(id));

    expect(caughtUp(43, schema, { quantity: 43 })).toEqual({ quantity: 43 });
    expect(caughtUp(41, schema, { quantity: 41 })).toEqual({ quantity: 41, revised: true });
    expect(revise).toHaveBeenCalledOnce();
    expect(revise.mock.calls[0]![2].map(({ id }) => id)).toEqual([42, 43]);

    stopRevising();
    expect(caughtUp(41, schema, { quantity: 41 })).toEqual({ quantity: 41 });
  });

  it("counts events sent before `ready` on a stream started from nothing", () => {
    const revise = vi.fn<AnswerReviser>((_schema, data) => data);
    const stopRevising = reviseAnswersWith(revise);
    streamStart();
    streamed(event(41));
    expect(streamLive(40)).toBe(false);
    caughtUp(40, schema, { quantity: 40 });
    expect(revise.mock.calls[0]![2]).toEqual([event(41)]);
    stopRevising();
  });

  it("asks again for answers older than the events it still keeps, or than a reset", () => {
    streamLive(0);
    for (let id = 1; id <= KEPT_EVENTS + 1; id++) streamed(event(id));
    expect(behindStream(0)).toBe(true);
    expect(behindStream(1)).toBe(false);

    streamReset(900);
    expect(behindStream(899)).toBe(true);
    expect(behindStream(900)).toBe(false);
  });
});
