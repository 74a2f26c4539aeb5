import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import { stockPageSchema } from "@ultimate-bikes/contract/stock";
import { LEDGER_POSITION_HEADER } from "@ultimate-bikes/contract/ledger-position";
import { STOCK_EVENT } from "@ultimate-bikes/contract/stock-events";
import { uniqueBikeName } from "@ultimate-bikes/test-support/new-bike";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { accessTokenFor } from "../../test/accounts.ts";
import { EVENTS_URL, useListening, useStreams } from "../../test/event-streams.ts";
import { useSecondInstance } from "../../test/second-instance.ts";
import { addBike, importUnits, movementsOf, range, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

const positionOf = (response: LightMyRequestResponse | Response) => {
  const value =
    response instanceof Response
      ? response.headers.get(LEDGER_POSITION_HEADER)
      : response.headers[LEDGER_POSITION_HEADER];
  return value == null ? undefined : Number(value);
};

describe(`the ledger position of stock reads on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff"] });
  const second = useSecondInstance(test);
  const server = useListening(() => test.app);
  const openStream = useStreams();
  const { staff } = test.users;
  const newestMovementId = async (id: string) => (await movementsOf(test.app, staff, id, 1))[0]!.id;

  it("is the newest movement on every read that shows stock, signed in or not", async () => {
    const name = uniqueBikeName();
    const id = await addBike(test.app, staff, { name, quantity: 2 });
    expect((await importUnits(test.app, staff, id, 3)).statusCode).toBe(200);
    const newest = await newestMovementId(id);
    const token = await accessTokenFor(test.app, staff);

    const publicReads = [
      "/api/bikes",
      `/api/bikes/${id}`,
      `/api/stock?q=${encodeURIComponent(name)}`,
      "/api/suppliers",
    ];
    const staffReads = [
      `/api/bikes/${id}/movements`,
      "/api/dashboard",
      "/api/deleted-bikes",
      "/api/movements",
    ];
    for (const url of [...publicReads, ...staffReads]) {
      const response = await send(
        test.app,
        staffReads.includes(url) ? staff : undefined,
        "GET",
        url,
      );
      expect([url, response.statusCode, positionOf(response)]).toEqual([url, 200, newest]);
    }
    const items = await test.app.inject({
      url: `/api/items?email=${encodeURIComponent(staff.email)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect([items.statusCode, positionOf(items)]).toEqual([200, newest]);
  });

  it("is documented on those reads, and other origins may read it", async () => {
    const document = (await test.app.inject("/api/docs/json")).json() as {
      paths: Record<string, { get?: { responses: Record<string, { headers?: object }> } }>;
    };
    const documented = (path: string) =>
      Object.keys(document.paths[path]?.get?.responses["200"]?.headers ?? {});
    for (const path of ["/api/bikes", "/api/bikes/{id}", "/api/stock", "/api/items"]) {
      expect([path, documented(path)]).toEqual([path, [LEDGER_POSITION_HEADER]]);
    }
    expect(documented("/api/health")).toEqual([]);

    const crossOrigin = await test.app.inject({
      url: "/api/bikes",
      headers: { origin: "https://shop.example.com" },
    });
    expect(String(crossOrigin.headers["access-control-expose-headers"])).toContain(
      LEDGER_POSITION_HEADER,
    );
  });

  it("comes with a stored answer as it was read with its data; a 304 leaves it out", async () => {
    const id = await addBike(test.app, staff, { quantity: 2 });
    const url = `/api/bikes/${id}`;
    const created = await newestMovementId(id);
    const [first, stored, elsewhere] = [
      await test.app.inject(url),
      await test.app.inject(url),
      await second.app.inject(url),
    ];
    expect([first, stored, elsewhere].map(positionOf)).toEqual([created, created, created]);
    expect(stored.body).toBe(first.body);
    // Through the stored-answer door (real connections), as browsers get it.
    const [direct, door] = [
      await fetch(`${server.origin}${url}`),
      await fetch(`${server.origin}${url}`),
    ];
    expect([direct, door].map(positionOf)).toEqual([created, created]);
    const tag = { "if-none-match": String(first.headers.etag) };
    const piped = await test.app.inject({ url, headers: tag });
    const fromDoor = await fetch(`${server.origin}${url}`, { headers: tag });
    expect([piped.statusCode, fromDoor.status]).toEqual([304, 304]);
    expect([positionOf(piped), positionOf(fromDoor)]).toEqual([undefined, undefined]);

    expect((await importUnits(test.app, staff, id, 3)).statusCode).toBe(200);
    const imported = await newestMovementId(id);
    expect(imported).toBeGreaterThan(created);
    for (const app of [test.app, second.app]) {
      const after = await app.inject(url);
      expect([positionOf(after), bikeSchema.parse(after.json()).quantity]).toEqual([imported, 5]);
    }
  });

  it("is never newer than the data, however reads and imports interleave", async () => {
    const name = uniqueBikeName();
    const id = await addBike(test.app, staff, { name, quantity: 0 });
    const search = `/api/stock?q=${encodeURIComponent(name)}`;
    const reads: { position: number; quantity: number }[] = [];
    async function read(url: string) {
      const response = await test.app.inject(url);
      const body: unknown = response.json();
      const quantity =
        url === search
          ? stockPageSchema.parse(body).items[0]!.quantity
          : bikeSchema.parse(body).quantity;
      reads.push({ position: positionOf(response)!, quantity });
    }
    await Promise.all(
      range(0, 40).map((index) =>
        index % 3 === 0
          ? importUnits(test.app, staff, id, 1)
          : read(index % 3 === 1 ? `/api/bikes/${id}` : search),
      ),
    );

    // Every unit came by an import of 1: what each movement left is known from the ledger.
    const ledger = await movementsOf(test.app, staff, id);
    const quantityAt = (position: number) =>
      ledger.find((movement) => movement.id <= position)?.quantityAfter ?? 0;
    expect(reads).toHaveLength(26);
    for (const { position, quantity } of reads) {
      expect(quantity).toBeGreaterThanOrEqual(quantityAt(position));
    }
  });

  it("is where a stream resumes to get a change made after the read", async () => {
    const id = await addBike(test.app, staff, { quantity: 2 });
    const position = positionOf(await test.app.inject(`/api/bikes/${id}`));
    expect((await importUnits(test.app, staff, id, 3)).statusCode).toBe(200);

    const stream = await openStream(`${server.origin}${EVENTS_URL}?lastEventId=${position}`);
    const event = await stream.next(STOCK_EVENT);
    expect(JSON.parse(event.data)).toMatchObject({ bikeId: id, kind: "import", quantity: 5 });
  });
});
