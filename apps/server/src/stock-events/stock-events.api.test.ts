// Over 300 lines: the live stream's contract end to end (replay, resume, reset, order and completeness under concurrent writes, slow readers), on one app and its stream helpers.
import {
  STOCK_EVENT,
  STOCK_EVENTS_REPLAY_MAX,
  STOCK_EVENTS_RETRY_MS,
  STOCK_READY_EVENT,
  STOCK_RESET_EVENT,
} from "@ultimate-bikes/contract/stock-events";
import { uniqueBikeName } from "@ultimate-bikes/test-support/new-bike";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { fieldsOf } from "../../test/api-errors.ts";
import {
  asEvent,
  EVENTS_URL,
  expectOk,
  expectReady,
  expectReset,
  isStrictlyIncreasing,
  ledgerOf,
  liveAfter,
  newestMovementId,
  nextStockEvents,
  nextStockOf,
  useListening,
  useStreams,
} from "../../test/event-streams.ts";
import {
  addBike,
  deliver,
  importUnits,
  movementsOf,
  quantityOf,
  range,
  send,
} from "../../test/stock-helpers.ts";
import { searchStock } from "../../test/stock-search.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { seedBikes } from "../db/seed-bikes.ts";

describe(`live stock events on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff", "colleague"] });
  const { staff, colleague } = test.users;
  const server = useListening(() => test.app);
  const openStream = useStreams();
  const eventsUrl = (query = "") => `${server.origin}${EVENTS_URL}${query}`;

  // First, while the ledger holds only the seeded stock.
  it("replays the seeded stock from lastEventId=0, each bike with its public fields", async () => {
    const stream = await openStream(eventsUrl("?lastEventId=0"));
    const seeded = await nextStockEvents(stream, seedBikes.length);
    expect(seeded.map((event) => event.bike?.name)).toEqual(seedBikes.map((bike) => bike.name));
    for (const [index, event] of seeded.entries()) {
      const bike = seedBikes[index]!;
      expect(event).toMatchObject({
        kind: "seed",
        name: bike.name,
        delta: bike.quantity,
        quantity: bike.quantity,
        bike: { _id: event.bikeId, quantity: bike.quantity, price: Number(bike.price) },
      });
    }
    expect(isStrictlyIncreasing(seeded.map((event) => event.id))).toBe(true);
    await expectReady(stream, seeded.at(-1)!.id);
  });

  it("starts with the retry delay and `ready` carrying the newest movement id", async () => {
    const id = await addBike(test.app, staff);
    const newest = await newestMovementId(test.app, staff, id);

    const stream = await openStream(eventsUrl());
    await expectReady(stream, newest);
    expect(stream.events).toHaveLength(1);
    expect(stream.retry).toBe(STOCK_EVENTS_RETRY_MS);
  });

  it("counts in `ready` a change committed just before the stream was opened", async () => {
    const id = await addBike(test.app, staff, { quantity: 20 });
    // Several rounds: the window in which a server could still answer an older id is short.
    for (let round = 0; round < 10; round++) {
      expectOk(await deliver(test.app, staff, id));
      const stream = await openStream(eventsUrl());
      await expectReady(stream, await newestMovementId(test.app, staff, id));
      stream.close();
    }
  });

  it("sends a delivery as one `stock` event whose id is the ledger movement's", async () => {
    const name = uniqueBikeName();
    const id = await addBike(test.app, staff, { name, quantity: 5 });
    const stream = await openStream(eventsUrl());
    await liveAfter(stream, await newestMovementId(test.app, staff, id));

    expectOk(await deliver(test.app, colleague, id));
    const [delivery] = await nextStockEvents(stream, 1);
    const [movement] = await movementsOf(test.app, staff, id, 1);
    expect(delivery).toMatchObject({
      id: movement!.id,
      bikeId: id,
      name,
      kind: "deliver",
      delta: -1,
      quantity: 4,
    });
    expect(Number.isNaN(Date.parse(delivery!.at))).toBe(false);

    // The next change is the next event: the delivery was not sent twice.
    expectOk(await importUnits(test.app, staff, id, 2));
    const [next] = await nextStockEvents(stream, 1);
    expect(next).toMatchObject({ bikeId: id, kind: "import", delta: 2, quantity: 6 });
    expect(next!.id).toBe(await newestMovementId(test.app, staff, id));
    expect(next!.id).toBeGreaterThan(delivery!.id);
  });

  it("sends a new bike with its public fields, then its imports and its deletion", async () => {
    const stream = await openStream(eventsUrl());
    await stream.next(STOCK_READY_EVENT);

    const name = uniqueBikeName();
    const id = await addBike(test.app, staff, {
      name,
      quantity: "4",
      price: "1234.5",
      reorderPoint: 2,
      supplierName: "Events Supplier Ltd.",
    });
    const created = await nextStockOf(stream, id);
    expect(created).toMatchObject({ bikeId: id, name, kind: "create", delta: 4, quantity: 4 });
    const { items } = await searchStock(test.app, { q: name });
    expect(items).toHaveLength(1);
    expect(created.bike).toEqual(items[0]);
    expect(created.bike).toMatchObject({
      _id: id,
      name,
      quantity: 4,
      price: 1234.5,
      reorderPoint: 2,
      supplierName: "Events Supplier Ltd.",
      status: "in",
    });

    expectOk(await importUnits(test.app, colleague, id, 7));
    const imported = await nextStockOf(stream, id);
    expect(imported).toMatchObject({ bikeId: id, name, kind: "import", delta: 7, quantity: 11 });

    expectOk(await send(test.app, staff, "DELETE", `/api/bikes/${id}`));
    const deleted = await nextStockOf(stream, id);
    expect(deleted).toMatchObject({ bikeId: id, name, kind: "delete", delta: -11, quantity: 0 });

    const ledger = await ledgerOf(test.app, staff, id);
    expect([created, imported, deleted].map((event) => event.id)).toEqual(
      ledger.map((movement) => movement.id),
    );
  });

  describe.each([
    ["the Last-Event-ID header", (id: number) => ["", { lastEventId: id }] as const],
    ["the lastEventId query parameter", (id: number) => [`?lastEventId=${id}`, {}] as const],
  ])("resuming with %s", (_label, resumeFrom) => {
    it("replays exactly the missed movements in order, then `ready`, then live ones", async () => {
      const id = await addBike(test.app, staff, { quantity: 10 });
      const seen = await newestMovementId(test.app, staff, id);
      expectOk(await deliver(test.app, staff, id));
      expectOk(await importUnits(test.app, colleague, id, 3));
      expectOk(await deliver(test.app, colleague, id));
      expectOk(await importUnits(test.app, staff, id, 1));
      expectOk(await deliver(test.app, staff, id));
      const missed = (await ledgerOf(test.app, staff, id)).filter((m) => m.id > seen);
      expect(missed).toHaveLength(5);

      const [query, options] = resumeFrom(seen);
      const stream = await openStream(eventsUrl(query), options);
      const replayed = await nextStockEvents(stream, missed.length);
      expect(replayed).toEqual(
        missed.map((movement) => expect.objectContaining(asEvent(id, movement))),
      );
      await expectReady(stream, missed.at(-1)!.id);

      expectOk(await importUnits(test.app, staff, id, 4));
      const [live] = await nextStockEvents(stream, 1);
      expect(live).toMatchObject({ bikeId: id, kind: "import", delta: 4, quantity: 15 });
      expect(live!.id).toBe(await newestMovementId(test.app, staff, id));

      const ids = stream.events.filter((event) => event.event === STOCK_EVENT).map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...missed.map((movement) => String(movement.id)), String(live!.id)]);
    });

    it("replays nothing when nothing was missed", async () => {
      const id = await addBike(test.app, staff);
      const newest = await newestMovementId(test.app, staff, id);
      const [query, options] = resumeFrom(newest);
      const stream = await openStream(eventsUrl(query), options);
      await expectReady(stream, newest);
      expect(stream.events).toHaveLength(1);
    });

    it("sends `reset` instead of `ready`'s replay for an id beyond the newest", async () => {
      const id = await addBike(test.app, staff, { quantity: 3 });
      const newest = await newestMovementId(test.app, staff, id);
      const [query, options] = resumeFrom(newest + 1000);
      const stream = await openStream(eventsUrl(query), options);
      await expectReset(stream, newest);
      await expectReady(stream, newest);

      expectOk(await deliver(test.app, staff, id));
      const [live] = await nextStockEvents(stream, 1);
      expect(live).toMatchObject({ bikeId: id, kind: "deliver", quantity: 2 });
    });
  });

  it("sends `reset` for a Last-Event-ID header that is no event id", async () => {
    const id = await addBike(test.app, staff);
    const newest = await newestMovementId(test.app, staff, id);
    const stream = await openStream(eventsUrl(), { lastEventId: "not-an-id" });
    await expectReset(stream, newest);
    await expectReady(stream, newest);
  });

  it("refuses a lastEventId query parameter that is no event id with a 400 naming it", async () => {
    for (const bad of ["abc", "-1", "1.5", "9".repeat(16)]) {
      const response = await test.app.inject(`${EVENTS_URL}?lastEventId=${bad}`);
      expect(fieldsOf(response)).toEqual(["querystring.lastEventId"]);
    }
  });

  it(`replays up to ${STOCK_EVENTS_REPLAY_MAX} missed movements, and sends \`reset\` past that`, async () => {
    // Six bikes, so each ledger fits in one page of GET /api/bikes/{id}/movements (200).
    const bikes = await Promise.all(range(0, 6).map(() => addBike(test.app, staff)));
    // Added at once, so any of them may hold the newest movement.
    const before = Math.max(
      ...(await Promise.all(bikes.map((id) => newestMovementId(test.app, staff, id)))),
    );
    const count = STOCK_EVENTS_REPLAY_MAX + 1;
    for (let start = 0; start < count; start += 50) {
      const batch = range(start, Math.min(50, count - start));
      const responses = await Promise.all(
        batch.map((index) => importUnits(test.app, staff, bikes[index % bikes.length]!, 1)),
      );
      for (const response of responses) expectOk(response);
    }
    const ledgers = await Promise.all(bikes.map((id) => ledgerOf(test.app, staff, id)));
    const missed = ledgers
      .flat()
      .map((movement) => movement.id)
      .filter((movementId) => movementId > before)
      .sort((a, b) => a - b);
    expect(missed).toHaveLength(count);
    const newest = missed.at(-1)!;

    // Exactly the maximum missed: all of it is replayed.
    const replaying = await openStream(eventsUrl(), { lastEventId: missed[0]! });
    const replayed = await nextStockEvents(replaying, STOCK_EVENTS_REPLAY_MAX);
    expect(replayed.map((event) => event.id)).toEqual(missed.slice(1));
    await expectReady(replaying, newest);

    // One more: a single `reset`, no replay.
    const resetting = await openStream(eventsUrl(`?lastEventId=${before}`));
    await expectReset(resetting, newest);
    await expectReady(resetting, newest);
    expect(resetting.events.map((event) => event.event)).toEqual([
      STOCK_RESET_EVENT,
      STOCK_READY_EVENT,
    ]);

    expectOk(await deliver(test.app, staff, bikes[0]!));
    const [live] = await nextStockEvents(resetting, 1);
    expect(live).toMatchObject({ bikeId: bikes[0], kind: "deliver" });
  });

  it("sends 100 concurrent deliveries and imports once each, ids strictly increasing", async () => {
    const id = await addBike(test.app, staff, { quantity: 60 });
    const stream = await openStream(eventsUrl());
    await liveAfter(stream, await newestMovementId(test.app, staff, id));

    const responses = await Promise.all(
      range(0, 100).map((index) =>
        index % 2 ? deliver(test.app, staff, id) : importUnits(test.app, colleague, id, 1),
      ),
    );
    for (const response of responses) expectOk(response);

    const events = await nextStockEvents(stream, 100);
    const ids = events.map((event) => event.id);
    expect(isStrictlyIncreasing(ids)).toBe(true);
    const changes = (await ledgerOf(test.app, staff, id)).filter((m) => m.kind !== "create");
    expect(events).toEqual(
      changes.map((movement) => expect.objectContaining(asEvent(id, movement))),
    );
    expect(await quantityOf(test.app, id)).toBe(events.at(-1)!.quantity);
  });
});

describe(`a subscriber that does not read, on ${testDatabaseKind}`, () => {
  const test = useTestApp({
    signedUpUsers: ["staff"],
    environment: { BIKE_ADDS_PER_MINUTE: "100000", SEED: "off" },
  });
  const { staff } = test.users;
  const server = useListening(() => test.app);
  const openStream = useStreams();

  /**
   * A raw connection that asks for the stream, reads the response head and the first event,
   * then stops reading: the kernel's buffers fill, then the server's.
   */
  function stalledSubscriber(port: number) {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let stockEvents = 0;
    let closed = false;
    let onClose: (() => void) | undefined;
    const started = new Promise<void>((resolve, reject) => {
      socket.once("error", reject);
      let first = true;
      socket.on("data", (chunk: Buffer) => {
        // Count across chunk boundaries by keeping the tail of the text read so far.
        text += chunk.toString("latin1");
        if (first) {
          first = false;
          if (!text.startsWith("HTTP/1.1 200")) reject(new Error(`refused: ${text.slice(0, 200)}`));
          socket.pause();
          resolve();
        }
        stockEvents += text.split("event: stock").length - 1;
        text = text.slice(-16).replace(/.*event: stock/s, "");
      });
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      onClose?.();
    });
    socket.write(
      `GET ${EVENTS_URL} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
    );
    return {
      started,
      get stockEvents() {
        return stockEvents;
      },
      /** Reads again, and resolves once the connection is closed, or false after `timeoutMs`. */
      resumeUntilClosed(timeoutMs: number): Promise<boolean> {
        return new Promise((resolve) => {
          if (closed) return resolve(true);
          const timer = setTimeout(() => resolve(false), timeoutMs);
          onClose = () => {
            clearTimeout(timer);
            resolve(true);
          };
          socket.resume();
        });
      },
      destroy: () => socket.destroy(),
    };
  }

  it("is disconnected once too much waits for it, while a reading subscriber gets everything", async () => {
    const reader = await openStream(`${server.origin}${EVENTS_URL}`);
    await reader.next(STOCK_READY_EVENT);
    const port = Number(new URL(server.origin).port);
    const stalled = stalledSubscriber(port);
    try {
      await stalled.started;

      // Each `create` event carries the bike: about 4.4 KB, so 1,800 bikes send about 8 MB, more
      // than the loopback socket buffers (about 4 MB) and the 256 KiB the server may hold. One
      // CSV import adds them all at once, as fast on PostgreSQL as on SQLite.
      const adds = 1800;
      const long = (length: number, start: string, fill = "x") =>
        (start + fill.repeat(length)).slice(0, length);
      const names = range(0, adds).map(() => long(120, `${uniqueBikeName()} `, "Long name "));
      // Words of every day: one 2,000-letter word costs the search index seconds per thousand.
      const description = long(2000, "", "A long description. ");
      const csv = [
        "name,supplier,price,quantity,description,photo",
        ...names.map(
          (name) => `${name},Stream Imports,1000,1,${description},${long(2000, "/images/bikes/")}`,
        ),
      ].join("\n");
      const imported = await send(test.app, staff, "POST", "/api/stock/imports", csv, {
        "content-type": "text/csv",
      });
      expect(imported.json()).toMatchObject({ created: adds });

      const events = await nextStockEvents(reader, adds, 20_000);
      expect(isStrictlyIncreasing(events.map((event) => event.id))).toBe(true);
      expect(events.every((event) => event.kind === "create")).toBe(true);
      expect(new Set(events.map((event) => event.name))).toEqual(new Set(names));

      // It was dropped: reading again drains what the kernel held, then the connection ends,
      // short of the events it would have had to buffer.
      const closed = await stalled.resumeUntilClosed(15_000);
      expect(closed, "the server kept the stalled subscriber's connection open").toBe(true);
      expect(stalled.stockEvents).toBeLessThan(adds);
    } finally {
      stalled.destroy();
    }
  }, 60_000);
});
