// Over 300 lines: the transfer API's lifecycle, refusals and permissions share one app and its helpers.
import type { StockMovement } from "@ultimate-bikes/contract/bikes";
import {
  transferPageSchema,
  transferSchema,
  type NewTransferInput,
  type Transfer,
} from "@ultimate-bikes/contract/transfers";
import { beforeAll, describe, expect, it } from "vitest";
import { testNameOf, type TestUser } from "../../test/accounts.ts";
import { expectError } from "../../test/api-errors.ts";
import { signUpAs } from "../../test/roles.ts";
import { openDatabase } from "../db/database.ts";
import { addBike, movementsOf, send, UNKNOWN_BIKE_ID } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import {
  bikeOf,
  createTransfer,
  expectStockAddsUp,
  placeIds,
  unitsAt,
} from "../../test/transfer-helpers.ts";

const UNKNOWN_ID = "0b0d7a3e-4f4e-4b8e-9f8e-2a4d5c6b7a81";

const ledgerOf = (movements: StockMovement[]) =>
  movements.map(({ kind, delta, quantityAfter, place, placeDelta, transfer, reference }) => ({
    kind,
    delta,
    quantityAfter,
    place: place?.name ?? null,
    placeDelta,
    transfer: transfer?.number ?? null,
    reference,
  }));

describe(`transfers between places on ${testDatabaseKind}`, () => {
  const test = useTestApp({ environment: { ACCESS_POLICY: "invite" } });
  let staff: TestUser;
  let colleague: TestUser;
  let member: TestUser;
  let places: Record<string, string>;
  let main: string;
  let khulna: string;
  let sylhet: string;

  beforeAll(async () => {
    staff = await signUpAs(test.app, test.config, "staff");
    colleague = await signUpAs(test.app, test.config, "staff");
    member = await signUpAs(test.app, test.config, "member");
    places = await placeIds(test.app);
    main = places["Main warehouse"]!;
    khulna = places["Khulna showroom"]!;
    sylhet = places["Sylhet showroom"]!;
  });

  /** A new bike with `quantity` units at the main warehouse. */
  const newBike = (quantity: number, name?: string) =>
    addBike(test.app, staff, { quantity: String(quantity), ...(name ? { name } : {}) });

  const post = (url: string, body?: object, user: TestUser | undefined = staff) =>
    send(test.app, user, "POST", url, body);
  const step = (transfer: Transfer, name: "send" | "receive" | "cancel", body?: object) =>
    post(`/api/transfers/${transfer.id}/${name}`, body);
  const draft = (lines: NewTransferInput["lines"], extra: Partial<NewTransferInput> = {}) =>
    createTransfer(test.app, staff, {
      sourcePlaceId: main,
      destinationPlaceId: khulna,
      lines,
      ...extra,
    });
  async function transferNow(id: string): Promise<Transfer> {
    const response = await send(test.app, staff, "GET", `/api/transfers/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return transferSchema.parse(response.json());
  }

  it("creates, sends and receives: the source down, in transit between, the destination up, each step in the ledger", async () => {
    const bike = await newBike(10);
    const created = await draft([{ bikeId: bike, quantity: 3 }], { reference: "Truck 7" });
    expect(created).toMatchObject({
      status: "draft",
      source: { id: main, name: "Main warehouse" },
      destination: { id: khulna, name: "Khulna showroom" },
      reference: "Truck 7",
      units: 3,
      sent: null,
    });
    expect(created.number).toMatch(/^T-\d{6}$/);
    expect(created.lines).toEqual([
      expect.objectContaining({ bikeId: bike, quantity: 3, received: null, shortfallReason: null }),
    ]);
    expect(created.lines[0]!.stockNumber).toMatch(/^UB-\d{5,}$/);
    expect(created.created?.by).toBe(testNameOf(staff.email));

    const sent = await step(created, "send");
    expect(sent.statusCode, sent.body).toBe(200);
    expect(transferSchema.parse(sent.json())).toMatchObject({
      status: "sent",
      sent: { by: testNameOf(staff.email) },
    });
    let stock = await expectStockAddsUp(test.app, bike);
    expect({
      quantity: stock.quantity,
      main: unitsAt(stock, main),
      inTransit: stock.inTransit,
    }).toEqual({ quantity: 10, main: 7, inTransit: 3 });

    const received = await post(`/api/transfers/${created.id}/receive`, undefined, colleague);
    expect(received.statusCode, received.body).toBe(200);
    const done = transferSchema.parse(received.json());
    expect(done).toMatchObject({
      status: "received",
      received: { by: testNameOf(colleague.email) },
    });
    expect(done.lines[0]).toMatchObject({ received: 3, shortfallReason: null });
    stock = await expectStockAddsUp(test.app, bike);
    expect({
      quantity: stock.quantity,
      main: unitsAt(stock, main),
      khulna: unitsAt(stock, khulna),
      inTransit: stock.inTransit,
    }).toEqual({ quantity: 10, main: 7, khulna: 3, inTransit: 0 });

    expect(ledgerOf(await movementsOf(test.app, staff, bike, 2))).toEqual([
      {
        kind: "receive",
        delta: 0,
        quantityAfter: 10,
        place: "Khulna showroom",
        placeDelta: 3,
        transfer: created.number,
        reference: "Truck 7",
      },
      {
        kind: "send",
        delta: 0,
        quantityAfter: 10,
        place: "Main warehouse",
        placeDelta: -3,
        transfer: created.number,
        reference: "Truck 7",
      },
    ]);
  });

  it("creates and sends in one request with send: true", async () => {
    const bike = await newBike(4);
    const transfer = await draft([{ bikeId: bike, quantity: 4 }], { send: true });
    expect(transfer.status).toBe("sent");
    const stock = await expectStockAddsUp(test.app, bike);
    expect({ main: unitsAt(stock, main), inTransit: stock.inTransit }).toEqual({
      main: 0,
      inTransit: 4,
    });
  });

  it("refuses a short send whole: 409 naming the short line with what is there, nothing moved, still a Draft", async () => {
    const plenty = await newBike(10);
    const scarce = await newBike(2, `Yamaha MT-07 ${Date.now()}`);
    const transfer = await draft([
      { bikeId: plenty, quantity: 5 },
      { bikeId: scarce, quantity: 3 },
    ]);
    const error = expectError(await step(transfer, "send"), 409);
    const scarceName = (await bikeOf(test.app, scarce)).name;
    expect(error.message).toBe(`${scarceName}: 2 at Main warehouse, 3 asked. Nothing was sent.`);
    expect(error.fields).toEqual([
      { field: "lines.1.quantity", message: "only 2 at Main warehouse" },
    ]);
    expect((await transferNow(transfer.id)).status).toBe("draft");
    for (const [bike, quantity] of [
      [plenty, 10],
      [scarce, 2],
    ] as const) {
      const stock = await expectStockAddsUp(test.app, bike);
      expect({ main: unitsAt(stock, main), inTransit: stock.inTransit }).toEqual({
        main: quantity,
        inTransit: 0,
      });
      expect((await movementsOf(test.app, staff, bike)).map((m) => m.kind)).toEqual(["create"]);
    }

    // With send: true, nothing is written at all.
    const before = transferPageSchema.parse(
      (await send(test.app, staff, "GET", "/api/transfers?limit=1")).json(),
    ).items[0]?.number;
    const refused = await post("/api/transfers", {
      sourcePlaceId: main,
      destinationPlaceId: khulna,
      lines: [{ bikeId: scarce, quantity: 3 }],
      send: true,
    });
    expect(expectError(refused, 409).message).toMatch(/2 at Main warehouse, 3 asked/);
    const after = transferPageSchema.parse(
      (await send(test.app, staff, "GET", "/api/transfers?limit=1")).json(),
    ).items[0]?.number;
    expect(after).toBe(before);
  });

  it("lets exactly one of two concurrent sends, and of two concurrent receives, win; the other gets 409 with the state", async () => {
    const bike = await newBike(6);
    const transfer = await draft([{ bikeId: bike, quantity: 2 }]);
    const sends = await Promise.all([step(transfer, "send"), step(transfer, "send")]);
    expect(sends.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const lost = expectError(
      sends.find((response) => response.statusCode === 409)!,
      409,
    );
    expect(lost.message).toMatch(new RegExp(`^${transfer.number} is already In transit: sent by `));
    expect(lost.transfer).toMatchObject({ id: transfer.id, status: "sent" });
    let stock = await expectStockAddsUp(test.app, bike);
    expect({ main: unitsAt(stock, main), inTransit: stock.inTransit }).toEqual({
      main: 4,
      inTransit: 2,
    });

    const receives = await Promise.all([step(transfer, "receive"), step(transfer, "receive")]);
    expect(receives.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const late = expectError(
      receives.find((response) => response.statusCode === 409)!,
      409,
    );
    expect(late.message).toMatch(new RegExp(`^${transfer.number} is already Received by `));
    expect(late.transfer).toMatchObject({ status: "received" });
    stock = await expectStockAddsUp(test.app, bike);
    expect({ khulna: unitsAt(stock, khulna), inTransit: stock.inTransit }).toEqual({
      khulna: 2,
      inTransit: 0,
    });
    const kinds = (await movementsOf(test.app, staff, bike)).map((movement) => movement.kind);
    expect(kinds).toEqual(["receive", "send", "create"]);
  });

  it("records a shortfall on receipt with its reason, and the quantity goes down by it", async () => {
    const bike = await newBike(8);
    const other = await newBike(5);
    const transfer = await draft(
      [
        { bikeId: bike, quantity: 3 },
        { bikeId: other, quantity: 1 },
      ],
      { send: true },
    );
    const received = await step(transfer, "receive", {
      lines: [{ bikeId: bike, received: 2, reason: "One fell off the truck" }],
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(transferSchema.parse(received.json()).lines).toEqual([
      expect.objectContaining({
        bikeId: bike,
        quantity: 3,
        received: 2,
        shortfallReason: "One fell off the truck",
      }),
      expect.objectContaining({ bikeId: other, quantity: 1, received: 1, shortfallReason: null }),
    ]);
    const stock = await expectStockAddsUp(test.app, bike);
    expect({
      quantity: stock.quantity,
      main: unitsAt(stock, main),
      khulna: unitsAt(stock, khulna),
      inTransit: stock.inTransit,
    }).toEqual({ quantity: 7, main: 5, khulna: 2, inTransit: 0 });
    const movements = await movementsOf(test.app, staff, bike);
    expect(ledgerOf(movements.slice(0, 2))).toEqual([
      {
        kind: "shortfall",
        delta: -1,
        quantityAfter: 7,
        place: null,
        placeDelta: null,
        transfer: transfer.number,
        reference: "One fell off the truck",
      },
      expect.objectContaining({ kind: "receive", delta: 0, quantityAfter: 8, placeDelta: 2 }),
    ]);
    // The ledger adds up: its deltas make the quantity, each entry's total follows the one before.
    expect(movements.reduce((sum, movement) => sum + movement.delta, 0)).toBe(7);
    const oldestFirst = [...movements].reverse();
    oldestFirst
      .slice(1)
      .forEach((movement, index) =>
        expect(movement.quantityAfter).toBe(oldestFirst[index]!.quantityAfter + movement.delta),
      );
    const byPlace = new Map<string, number>();
    for (const movement of movements) {
      if (movement.place) {
        byPlace.set(
          movement.place.id,
          (byPlace.get(movement.place.id) ?? 0) + (movement.placeDelta ?? 0),
        );
      }
    }
    expect(Object.fromEntries(byPlace)).toEqual({ [main]: 5, [khulna]: 2 });
    await expectStockAddsUp(test.app, other);
  });

  it("receives nothing of a line with a reason: the whole line is a shortfall", async () => {
    const bike = await newBike(3);
    const transfer = await draft([{ bikeId: bike, quantity: 3 }], { send: true });
    const received = await step(transfer, "receive", {
      lines: [{ bikeId: bike, received: 0, reason: "Stolen on the way" }],
    });
    expect(received.statusCode, received.body).toBe(200);
    const stock = await expectStockAddsUp(test.app, bike);
    expect({ quantity: stock.quantity, khulna: unitsAt(stock, khulna) }).toEqual({
      quantity: 0,
      khulna: 0,
    });
    expect((await movementsOf(test.app, staff, bike, 1))[0]).toMatchObject({
      kind: "shortfall",
      delta: -3,
    });
  });

  it("cancels a draft only, moving nothing and writing no ledger entry", async () => {
    const bike = await newBike(5);
    const transfer = await draft([{ bikeId: bike, quantity: 2 }]);
    const cancelled = await step(transfer, "cancel");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(transferSchema.parse(cancelled.json())).toMatchObject({
      status: "cancelled",
      cancelled: { by: testNameOf(staff.email) },
    });
    expect((await movementsOf(test.app, staff, bike)).map((m) => m.kind)).toEqual(["create"]);
    const again = expectError(await step(transfer, "send"), 409);
    expect(again.message).toMatch(new RegExp(`^${transfer.number} is already Cancelled by `));
    expect(again.transfer?.status).toBe("cancelled");

    const sent = await draft([{ bikeId: bike, quantity: 1 }], { send: true });
    expect(expectError(await step(sent, "cancel"), 409).transfer?.status).toBe("sent");
    const early = await draft([{ bikeId: bike, quantity: 1 }]);
    expect(expectError(await step(early, "receive"), 409).message).toBe(
      `${early.number} is still a Draft: it has not been sent.`,
    );
    await expectStockAddsUp(test.app, bike);
  });

  it("refuses to send a draft whose bike was deleted since, naming the line", async () => {
    const kept = await newBike(3);
    const deleted = await newBike(3, `Deleted ${Date.now()}`);
    const transfer = await draft([
      { bikeId: kept, quantity: 1 },
      { bikeId: deleted, quantity: 1 },
    ]);
    expect((await send(test.app, staff, "DELETE", `/api/bikes/${deleted}`)).statusCode).toBe(200);
    const error = expectError(await step(transfer, "send"), 409);
    expect(error.message).toMatch(
      /^Deleted \d+ \(line 2\) was deleted since this transfer was written/,
    );
    expect(error.fields).toEqual([{ field: "lines.1.bikeId", message: "was deleted" }]);
    expect((await transferNow(transfer.id)).status).toBe("draft");
    const stock = await expectStockAddsUp(test.app, kept);
    expect({ main: unitsAt(stock, main), inTransit: stock.inTransit }).toEqual({
      main: 3,
      inTransit: 0,
    });
  });

  it("lists newest first, filtered by status, place at either end and number, a page at a time", async () => {
    const bike = await newBike(20);
    const toSylhet = await draft([{ bikeId: bike, quantity: 1 }], { destinationPlaceId: sylhet });
    const fromSylhet = await createTransfer(test.app, staff, {
      sourcePlaceId: sylhet,
      destinationPlaceId: main,
      lines: [{ bikeId: bike, quantity: 1 }],
    });
    const list = async (query: string) => {
      const response = await send(test.app, staff, "GET", `/api/transfers?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return transferPageSchema.parse(response.json());
    };
    const atSylhet = await list(`place=${sylhet}`);
    expect(atSylhet.items.map((item) => item.number)).toEqual([fromSylhet.number, toSylhet.number]);
    expect(atSylhet.items[0]).toMatchObject({ lineCount: 1, units: 1, status: "draft" });

    const first = await list(`place=${sylhet}&limit=1`);
    expect(first.items.map((item) => item.id)).toEqual([fromSylhet.id]);
    const second = await list(`place=${sylhet}&limit=1&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.id)).toEqual([toSylhet.id]);
    expect(second.nextCursor).toBeNull();

    const byNumber = await list(`number=${toSylhet.number.toLowerCase()}`);
    expect(byNumber.items.map((item) => item.id)).toEqual([toSylhet.id]);
    expect(
      (await list("status=cancelled")).items.every((item) => item.status === "cancelled"),
    ).toBe(true);

    const scanned = await send(
      test.app,
      staff,
      "GET",
      `/api/transfers/by-number/${toSylhet.number}`,
    );
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect(transferSchema.parse(scanned.json()).id).toBe(toSylhet.id);
    expectError(await send(test.app, staff, "GET", "/api/transfers/by-number/T-999999999"), 404);
    expectError(await send(test.app, staff, "GET", "/api/transfers/by-number/nonsense"), 404);
    expect(
      expectError(await send(test.app, staff, "GET", "/api/transfers?number=abc"), 400).fields,
    ).toEqual([expect.objectContaining({ field: "querystring.number" })]);
  });

  it("refuses to delete a bike with units in transit, naming the transfer", async () => {
    const bike = await newBike(4);
    const transfer = await draft([{ bikeId: bike, quantity: 3 }], { send: true });
    const refused = expectError(await send(test.app, staff, "DELETE", `/api/bikes/${bike}`), 409);
    expect(refused.message).toBe(
      `3 of this bike are in transit on ${transfer.number}: receive them first.`,
    );
    expect((await step(transfer, "receive")).statusCode).toBe(200);
    expect((await send(test.app, staff, "DELETE", `/api/bikes/${bike}`)).statusCode).toBe(200);
  });

  it("documents every transfer route in the OpenAPI document, tagged transfers, the 409 with the transfer", async () => {
    const document = (await test.app.inject("/api/docs/json")).json() as {
      paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/transfers"))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          route: `${method} ${path}`,
          operation,
        })),
      );
    expect(routes.map(({ route }) => route).sort()).toEqual([
      "get /api/transfers",
      "get /api/transfers/by-number/{number}",
      "get /api/transfers/{id}",
      "post /api/transfers",
      "post /api/transfers/{id}/cancel",
      "post /api/transfers/{id}/receive",
      "post /api/transfers/{id}/send",
    ]);
    expect(routes.every(({ operation }) => operation.tags.includes("transfers"))).toBe(true);
    const conflict = JSON.stringify(
      document.paths["/api/transfers/{id}/send"]!.post!.responses["409"],
    );
    expect(conflict).toContain('"transfer"');
  });

  describe("who may call", () => {
    it("lets staff read and write; members get 403 and visitors 401, for every route", async () => {
      const bike = await newBike(10);
      const body = {
        sourcePlaceId: main,
        destinationPlaceId: khulna,
        lines: [{ bikeId: bike, quantity: 1 }],
      };
      const transfer = await draft([{ bikeId: bike, quantity: 1 }]);
      const requests: [string, string, object?][] = [
        ["GET", "/api/transfers"],
        ["GET", `/api/transfers/${transfer.id}`],
        ["GET", `/api/transfers/by-number/${transfer.number}`],
        ["POST", "/api/transfers", body],
        ["POST", `/api/transfers/${transfer.id}/send`],
        ["POST", `/api/transfers/${transfer.id}/receive`],
        ["POST", `/api/transfers/${transfer.id}/cancel`],
      ];
      for (const [method, url, payload] of requests) {
        expectError(await send(test.app, undefined, method as "GET", url, payload), 401);
        expectError(await send(test.app, member, method as "GET", url, payload), 403);
      }
      const cancelled = await draft([{ bikeId: bike, quantity: 1 }]);
      const answers = [];
      for (const [method, url, payload] of requests) {
        answers.push((await send(test.app, staff, method as "GET", url, payload)).statusCode);
      }
      answers.push((await step(cancelled, "cancel")).statusCode);
      // The last cancel finds the transfer received by then: the state, not the role, refuses it.
      expect(answers).toEqual([200, 200, 200, 201, 200, 200, 409, 200]);
      await expectStockAddsUp(test.app, bike);
    });
  });

  describe("bad input: 400, 404 or 409, never 500", () => {
    let bike: string;
    beforeAll(async () => {
      bike = await newBike(5);
    });
    const create = (body: object) => post("/api/transfers", body);
    const valid = () => ({
      sourcePlaceId: main,
      destinationPlaceId: khulna,
      lines: [{ bikeId: bike, quantity: 1 }],
    });

    it.each([
      ["the same place at both ends", { destinationPlaceId: "main" }, "body.destinationPlaceId"],
      ["no lines", { lines: [] }, "body.lines"],
      ["a zero quantity", { lines: [{ bikeId: "bike", quantity: 0 }] }, "body.lines.0.quantity"],
      [
        "a fractional quantity",
        { lines: [{ bikeId: "bike", quantity: 1.5 }] },
        "body.lines.0.quantity",
      ],
      [
        "a bike twice",
        {
          lines: [
            { bikeId: "bike", quantity: 1 },
            { bikeId: "bike", quantity: 2 },
          ],
        },
        "body.lines",
      ],
      ["a malformed bike id", { lines: [{ bikeId: "nope", quantity: 1 }] }, "body.lines.0.bikeId"],
      ["an unknown field", { colour: "red" }, "body.colour"],
    ])("refuses %s with a 400 naming the field", async (_case, change, field) => {
      const body: Record<string, unknown> = { ...valid(), ...change };
      if (body.destinationPlaceId === "main") body.destinationPlaceId = main;
      if (Array.isArray(body.lines)) {
        body.lines = body.lines.map((line: { bikeId: string }) =>
          line.bikeId === "bike" ? { ...line, bikeId: bike } : line,
        );
      }
      const error = expectError(await create(body), 400);
      expect(error.fields?.map((entry) => entry.field)).toContain(field);
    });

    it("answers 404 for an unknown place or bike, naming the line", async () => {
      expect(
        expectError(await create({ ...valid(), sourcePlaceId: UNKNOWN_ID }), 404).message,
      ).toBe("No place with that id");
      expectError(await create({ ...valid(), destinationPlaceId: "not-a-place" }), 400);
      const unknownBike = expectError(
        await create({
          ...valid(),
          lines: [
            { bikeId: bike, quantity: 1 },
            { bikeId: UNKNOWN_BIKE_ID, quantity: 1 },
          ],
        }),
        404,
      );
      expect(unknownBike.message).toContain(UNKNOWN_BIKE_ID);
      expect(unknownBike.fields).toEqual([
        { field: "body.lines.1.bikeId", message: "names no bike" },
      ]);
    });

    it("answers 404 for malformed or unknown transfer ids", async () => {
      for (const id of ["not-an-id", UNKNOWN_ID]) {
        expectError(await send(test.app, staff, "GET", `/api/transfers/${id}`), 404);
        for (const name of ["send", "receive", "cancel"]) {
          expect(expectError(await post(`/api/transfers/${id}/${name}`), 404).message).toBe(
            "No transfer with that id",
          );
        }
      }
    });

    it("refuses a receipt of more than was sent, without a reason, or of another bike, with a 400 naming the line", async () => {
      const other = await newBike(1);
      const transfer = await draft([{ bikeId: bike, quantity: 2 }], { send: true });
      const cases: [object, string][] = [
        [{ lines: [{ bikeId: bike, received: 3 }] }, "body.lines.0.received"],
        [{ lines: [{ bikeId: bike, received: 1 }] }, "body.lines.0.reason"],
        [{ lines: [{ bikeId: bike, received: 1, reason: "  " }] }, "body.lines.0.reason"],
        [{ lines: [{ bikeId: other, received: 1 }] }, "body.lines.0.bikeId"],
        [{ lines: [{ bikeId: bike, received: -1 }] }, "body.lines.0.received"],
        [
          {
            lines: [
              { bikeId: bike, received: 2 },
              { bikeId: bike, received: 2 },
            ],
          },
          "body.lines.1.bikeId",
        ],
      ];
      for (const [body, field] of cases) {
        const error = expectError(await step(transfer, "receive", body), 400);
        expect(
          error.fields?.map((entry) => entry.field),
          JSON.stringify(body),
        ).toContain(field);
      }
      expect((await transferNow(transfer.id)).status).toBe("sent");
      expect((await step(transfer, "receive")).statusCode).toBe(200);
      await expectStockAddsUp(test.app, bike);
    });

    it("refuses an archived place with a 409 naming it, also when it was archived after the draft", async () => {
      const rajshahi = places["Rajshahi showroom"]!;
      const drafted = await draft([{ bikeId: bike, quantity: 1 }], {
        destinationPlaceId: rajshahi,
      });
      const { db } = openDatabase(test.config.database, test.app.log);
      try {
        await db
          .updateTable("place")
          .set({ archived_at: new Date().toISOString() })
          .where("id", "=", rajshahi)
          .execute();
      } finally {
        await db.destroy();
      }
      const error = expectError(await create({ ...valid(), destinationPlaceId: rajshahi }), 409);
      expect(error.message).toMatch(/^Rajshahi showroom is archived/);
      const before = unitsAt(await bikeOf(test.app, bike), main);
      const refused = expectError(await step(drafted, "send"), 409);
      expect(refused.message).toMatch(/^Rajshahi showroom is archived/);
      expect((await transferNow(drafted.id)).status).toBe("draft");
      await expectStockAddsUp(test.app, bike);
      expect(unitsAt(await bikeOf(test.app, bike), main)).toBe(before);
    });
  });
});
