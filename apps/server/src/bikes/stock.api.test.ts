import { bikeSchema, type StockMovement } from "@ultimate-bikes/contract/bikes";
import { apiErrorSchema } from "@ultimate-bikes/contract/errors";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { testNameOf } from "../../test/accounts.ts";
import {
  addBike,
  deliver,
  importUnits,
  listBikes,
  movementsOf,
  quantityOf,
  send,
} from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

/** The parts of a movement a test can predict. */
const ledger = (movements: StockMovement[]) =>
  movements.map(({ kind, delta, quantityAfter, actorName }) => ({
    kind,
    delta,
    quantityAfter,
    actorName,
  }));

function expectQuantity(response: LightMyRequestResponse, quantity: number) {
  expect(response.statusCode, response.body).toBe(200);
  expect(bikeSchema.parse(response.json()).quantity).toBe(quantity);
}

function expectConflict(response: LightMyRequestResponse, currentQuantity: number) {
  expect(response.statusCode, response.body).toBe(409);
  expect(apiErrorSchema.parse(response.json())).toMatchObject({
    statusCode: 409,
    error: "Conflict",
    currentQuantity,
  });
}

describe(`stock changes on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["user", "colleague"] });
  const { user, colleague } = test.users;

  const patch = (id: string, payload: object) =>
    send(test.app, user, "PATCH", `/api/bikes/${id}`, payload);
  const put = (id: string, payload: object, headers: Record<string, string> = {}) =>
    send(test.app, user, "PUT", `/api/bikes/${id}`, payload, headers);

  it("delivers one unit at a time down to 0, then answers 409 'Your stock is empty'", async () => {
    const id = await addBike(test.app, user, { quantity: 3 });
    for (const expected of [2, 1, 0]) expectQuantity(await deliver(test.app, user, id), expected);

    const empty = await deliver(test.app, user, id);
    expectConflict(empty, 0);
    expect(empty.json()).toMatchObject({ message: "Your stock is empty" });
    expect(await quantityOf(test.app, id)).toBe(0);

    expect(ledger(await movementsOf(test.app, user, id))).toEqual([
      { kind: "deliver", delta: -1, quantityAfter: 0, actorName: testNameOf(user.email) },
      { kind: "deliver", delta: -1, quantityAfter: 1, actorName: testNameOf(user.email) },
      { kind: "deliver", delta: -1, quantityAfter: 2, actorName: testNameOf(user.email) },
      { kind: "create", delta: 3, quantityAfter: 3, actorName: testNameOf(user.email) },
    ]);
  });

  it("imports add units, given as a number or as digit text", async () => {
    const id = await addBike(test.app, user, { quantity: 2 });
    expectQuantity(await importUnits(test.app, user, id, 5), 7);
    expectQuantity(await importUnits(test.app, colleague, id, "10"), 17);
    expect(await quantityOf(test.app, id)).toBe(17);
    expect(ledger(await movementsOf(test.app, user, id, 2))).toEqual([
      { kind: "import", delta: 10, quantityAfter: 17, actorName: testNameOf(colleague.email) },
      { kind: "import", delta: 5, quantityAfter: 7, actorName: testNameOf(user.email) },
    ]);
  });

  it("treats an import of 0 as a no-op that records no movement", async () => {
    const id = await addBike(test.app, user, { quantity: 4 });
    const before = await movementsOf(test.app, user, id);
    expectQuantity(await importUnits(test.app, user, id, 0), 4);
    expectQuantity(await importUnits(test.app, user, id, "0"), 4);
    expect(await quantityOf(test.app, id)).toBe(4);
    expect(await movementsOf(test.app, user, id)).toEqual(before);
  });

  it("refuses an import above the most one bike can hold with 409 and the quantity now", async () => {
    const id = await addBike(test.app, user, { quantity: 999_999 });
    expectConflict(await importUnits(test.app, user, id, 2), 999_999);
    expectQuantity(await importUnits(test.app, user, id, 1), 1_000_000);
    expectConflict(await importUnits(test.app, user, id, 1), 1_000_000);
    expect(await quantityOf(test.app, id)).toBe(1_000_000);
    expect((await movementsOf(test.app, user, id)).map((movement) => movement.kind)).toEqual([
      "import",
      "create",
    ]);
  });

  it("accepts PATCH (Delivered) only when updatedQuantity is the stored quantity minus one", async () => {
    const id = await addBike(test.app, user, { quantity: 5 });
    expectQuantity(await patch(id, { updatedQuantity: 4 }), 4);
    // A second click computed from the old page: stale, so nothing happens.
    const stale = await patch(id, { updatedQuantity: 4 });
    expectConflict(stale, 4);
    expect(stale.json<{ message: string }>().message).toMatch(/changed to 4/);
    expectConflict(await patch(id, { updatedQuantity: 10 }), 4);
    expectConflict(await patch(id, { updatedQuantity: 0 }), 4);
    expectQuantity(await patch(id, { updatedQuantity: "3" }), 3);
    expect(await quantityOf(test.app, id)).toBe(3);
    expect(ledger(await movementsOf(test.app, user, id, 3))).toEqual([
      { kind: "deliver", delta: -1, quantityAfter: 3, actorName: testNameOf(user.email) },
      { kind: "deliver", delta: -1, quantityAfter: 4, actorName: testNameOf(user.email) },
      { kind: "create", delta: 5, quantityAfter: 5, actorName: testNameOf(user.email) },
    ]);
  });

  it("never takes PATCH below 0", async () => {
    const id = await addBike(test.app, user, { quantity: 1 });
    expectQuantity(await patch(id, { updatedQuantity: 0 }), 0);
    expectConflict(await patch(id, { updatedQuantity: 0 }), 0);
    expect(await quantityOf(test.app, id)).toBe(0);
  });

  it("applies PUT (Import) only from the quantity it was computed from", async () => {
    const id = await addBike(test.app, user, { quantity: 5 });

    const blind = await put(id, { newNumber: 8 });
    expect(blind.statusCode).toBe(428);
    expect(apiErrorSchema.parse(blind.json())).toMatchObject({ statusCode: 428 });
    expect(await quantityOf(test.app, id)).toBe(5);

    expectQuantity(await put(id, { newNumber: 8, previousQuantity: 5 }), 8);
    expectConflict(await put(id, { newNumber: 12, previousQuantity: 5 }), 8);
    expect(await quantityOf(test.app, id)).toBe(8);

    const lower = await put(id, { newNumber: 3, previousQuantity: 8 });
    expect(lower.statusCode).toBe(400);
    expect(apiErrorSchema.parse(lower.json()).fields?.map((field) => field.field)).toEqual([
      "body.newNumber",
    ]);

    expectQuantity(await put(id, { newNumber: 10 }, { "if-match": '"8"' }), 10);
    expectConflict(await put(id, { newNumber: 11 }, { "if-match": '"8"' }), 10);
    expectQuantity(await put(id, { newNumber: "12" }, { "if-match": "10" }), 12);
    expectQuantity(await put(id, { newNumber: 12, previousQuantity: 12 }), 12);
    // Adding nothing from a stale total is still a conflict: the caller's view is out of date.
    expectConflict(await put(id, { newNumber: 7, previousQuantity: 7 }), 12);
    expect(await quantityOf(test.app, id)).toBe(12);

    expect(ledger(await movementsOf(test.app, user, id))).toEqual([
      { kind: "import", delta: 2, quantityAfter: 12, actorName: testNameOf(user.email) },
      { kind: "import", delta: 2, quantityAfter: 10, actorName: testNameOf(user.email) },
      { kind: "import", delta: 3, quantityAfter: 8, actorName: testNameOf(user.email) },
      { kind: "create", delta: 5, quantityAfter: 5, actorName: testNameOf(user.email) },
    ]);
  });

  it("keeps the ledger newest first with who, when and the quantity after", async () => {
    const [seeded] = await listBikes(test.app);
    const opening = await movementsOf(test.app, user, seeded!._id);
    expect(ledger(opening)).toEqual([
      {
        kind: "seed",
        delta: seeded!.quantity,
        quantityAfter: seeded!.quantity,
        actorName: null,
      },
    ]);

    const startedAt = Date.now();
    expectQuantity(await deliver(test.app, colleague, seeded!._id), seeded!.quantity - 1);
    expectQuantity(await importUnits(test.app, user, seeded!._id, 4), seeded!.quantity + 3);
    const movements = await movementsOf(test.app, user, seeded!._id);
    expect(ledger(movements)).toEqual([
      {
        kind: "import",
        delta: 4,
        quantityAfter: seeded!.quantity + 3,
        actorName: testNameOf(user.email),
      },
      {
        kind: "deliver",
        delta: -1,
        quantityAfter: seeded!.quantity - 1,
        actorName: testNameOf(colleague.email),
      },
      ...ledger(opening),
    ]);
    const ids = movements.map((movement) => movement.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const movement of movements.slice(0, 2)) {
      expect(new Date(movement.at).toISOString()).toBe(movement.at);
      expect(Date.parse(movement.at)).toBeGreaterThanOrEqual(startedAt - 1000);
    }
    expect(ledger(await movementsOf(test.app, user, seeded!._id, 1))).toEqual(
      ledger(movements.slice(0, 1)),
    );
    // Colleagues read each other's names in the ledger, never their email addresses.
    const answer = await send(test.app, user, "GET", `/api/bikes/${seeded!._id}/movements`);
    expect(answer.body).not.toContain(colleague.email);
    expect(answer.body).not.toContain("@");
  });

  it("records a delete in the ledger, whose history outlives the bike", async () => {
    const id = await addBike(test.app, user, { quantity: 6 });
    expectQuantity(await deliver(test.app, user, id), 5);
    const deleted = await send(test.app, user, "DELETE", `/api/bikes/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await quantityOf(test.app, id)).toBeUndefined();

    expect(ledger(await movementsOf(test.app, user, id))).toEqual([
      { kind: "delete", delta: -5, quantityAfter: 0, actorName: testNameOf(user.email) },
      { kind: "deliver", delta: -1, quantityAfter: 5, actorName: testNameOf(user.email) },
      { kind: "create", delta: 6, quantityAfter: 6, actorName: testNameOf(user.email) },
    ]);
  });

  it("answers a stock change on a deleted bike with 404 and never recreates it", async () => {
    const id = await addBike(test.app, user, { quantity: 3 });
    expect((await send(test.app, user, "DELETE", `/api/bikes/${id}`)).statusCode).toBe(200);
    const history = await movementsOf(test.app, user, id);

    const attempts = [
      deliver(test.app, user, id),
      importUnits(test.app, user, id, 3),
      importUnits(test.app, user, id, 0),
      patch(id, { updatedQuantity: 2 }),
      put(id, { newNumber: 5, previousQuantity: 3 }),
      put(id, { newNumber: 3, previousQuantity: 3 }),
      put(id, { newNumber: 5 }, { "if-match": '"3"' }),
      send(test.app, user, "DELETE", `/api/bikes/${id}`),
      send(test.app, user, "DELETE", `/api/items/${id}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(apiErrorSchema.parse(response.json())).toMatchObject({ statusCode: 404 });
    }
    expect(await quantityOf(test.app, id)).toBeUndefined();
    expect((await listBikes(test.app)).map((bike) => bike._id)).not.toContain(id);
    expect(await movementsOf(test.app, user, id)).toEqual(history);
  });
});
