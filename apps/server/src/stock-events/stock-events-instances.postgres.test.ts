import { describe, expect, it } from "vitest";
import {
  asEvent,
  EVENTS_URL,
  expectOk,
  isStrictlyIncreasing,
  ledgerOf,
  liveAfter,
  newestMovementId,
  nextStockEvents,
  nextStockOf,
  useListening,
  useStreams,
} from "../../test/event-streams.ts";
import { useSecondInstance } from "../../test/second-instance.ts";
import { addBike, deliver, importUnits, quantityOf, range } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

// PostgreSQL only: several servers share a database there. On SQLite one server owns the file and
// tells its own subscribers (docs/decisions/011).
describe(`live stock events across two servers on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff"] });
  const second = useSecondInstance(test);
  const { staff } = test.users;
  const first = useListening(() => test.app);
  const other = useListening(() => second.app);
  const openStream = useStreams();

  describe.each([
    ["the first", "the second", () => test.app, () => other.origin, () => second.app],
    ["the second", "the first", () => second.app, () => first.origin, () => test.app],
  ])("a delivery through %s server", (_writer, _reader, writer, readerOrigin, reader) => {
    it("reaches a subscriber of the other, whose read right after is fresh", async () => {
      const id = await addBike(test.app, staff, { quantity: 8 });
      const stream = await openStream(`${readerOrigin()}${EVENTS_URL}`);
      await liveAfter(stream, await newestMovementId(test.app, staff, id));
      // Read twice, so a cached answer would be what the next read gets if nothing refreshed it.
      for (let round = 0; round < 2; round++) expect(await quantityOf(reader(), id)).toBe(8);

      expectOk(await deliver(writer(), staff, id));
      const event = await nextStockOf(stream, id);
      expect(event).toMatchObject({ bikeId: id, kind: "deliver", delta: -1, quantity: 7 });
      expect(event.id).toBe(await newestMovementId(test.app, staff, id));
      expect(await quantityOf(reader(), id)).toBe(7);
    });
  });

  it("gives subscribers of both servers the same ordered events for writes through both", async () => {
    const id = await addBike(test.app, staff, { quantity: 60 });
    const newest = await newestMovementId(test.app, staff, id);
    const streams = [
      await openStream(`${first.origin}${EVENTS_URL}`),
      await openStream(`${other.origin}${EVENTS_URL}`),
    ];
    for (const stream of streams) await liveAfter(stream, newest);

    const responses = await Promise.all(
      range(0, 60).map((index) => {
        const app = index % 2 ? test.app : second.app;
        return index % 3 ? deliver(app, staff, id) : importUnits(app, staff, id, 2);
      }),
    );
    for (const response of responses) expectOk(response);

    const changes = (await ledgerOf(test.app, staff, id)).filter((m) => m.kind !== "create");
    expect(changes).toHaveLength(60);
    for (const stream of streams) {
      const events = await nextStockEvents(stream, 60);
      expect(isStrictlyIncreasing(events.map((event) => event.id))).toBe(true);
      expect(events).toEqual(
        changes.map((movement) => expect.objectContaining(asEvent(id, movement))),
      );
    }
  });
});
