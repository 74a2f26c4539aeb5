import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import {
  addBike,
  ascending,
  deliver,
  importUnits,
  listBikes,
  movementsOf,
  quantityOf,
  range,
  send,
} from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

const statusCounts = (responses: LightMyRequestResponse[]) =>
  responses.reduce<Record<number, number>>((counts, response) => {
    counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
    return counts;
  }, {});

const quantities = (responses: LightMyRequestResponse[]) =>
  responses
    .filter((response) => response.statusCode === 200)
    .map((response) => bikeSchema.parse(response.json()).quantity);

// app.inject runs every request through the real routes and database at once: on PostgreSQL
// through a pool of 10 connections, on SQLite through its one serialized connection.
describe(`concurrent stock changes on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["user", "colleague"] });
  const { user, colleague } = test.users;

  it("lets exactly 50 of 200 simultaneous deliveries through a stock of 50", async () => {
    const id = await addBike(test.app, user, { quantity: 50 });
    const responses = await Promise.all(
      range(0, 200).map((index) => deliver(test.app, index % 2 ? user : colleague, id)),
    );

    expect(statusCounts(responses)).toEqual({ 200: 50, 409: 150 });
    // Each successful delivery saw a different quantity: no two took the same unit.
    expect(ascending(quantities(responses))).toEqual(range(0, 50));
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ message: "Your stock is empty", currentQuantity: 0 });
    }
    expect(await quantityOf(test.app, id)).toBe(0);

    const movements = await movementsOf(test.app, user, id, 200);
    const deliveries = movements.filter((movement) => movement.kind === "deliver");
    expect(deliveries).toHaveLength(50);
    expect(movements).toHaveLength(51);
    expect(deliveries.every((movement) => movement.delta === -1)).toBe(true);
    expect(ascending(deliveries.map((movement) => movement.quantityAfter))).toEqual(range(0, 50));
  });

  it("adds up 100 simultaneous imports of 3 exactly", async () => {
    const id = await addBike(test.app, user, { quantity: 10 });
    const responses = await Promise.all(
      range(0, 100).map(() => importUnits(test.app, user, id, 3)),
    );

    expect(statusCounts(responses)).toEqual({ 200: 100 });
    expect(ascending(quantities(responses))).toEqual(range(13, 100, 3));
    expect(await quantityOf(test.app, id)).toBe(310);

    const imports = (await movementsOf(test.app, user, id, 200)).filter(
      (movement) => movement.kind === "import",
    );
    expect(imports).toHaveLength(100);
    expect(imports.every((movement) => movement.delta === 3)).toBe(true);
    expect(ascending(imports.map((movement) => movement.quantityAfter))).toEqual(range(13, 100, 3));
  });

  it("keeps a ledger that adds up when deliveries and imports race on an empty bike", async () => {
    const id = await addBike(test.app, user, { quantity: 0 });
    const responses = await Promise.all(
      range(0, 100).map((index) =>
        index % 2 ? deliver(test.app, user, id) : importUnits(test.app, colleague, id, 1),
      ),
    );
    const delivered = responses.filter(
      (response, index) => index % 2 === 1 && response.statusCode === 200,
    ).length;
    expect(responses.every((response) => [200, 409].includes(response.statusCode))).toBe(true);
    expect(responses.filter((_, index) => index % 2 === 0).map((r) => r.statusCode)).toEqual(
      Array(50).fill(200),
    );

    const final = await quantityOf(test.app, id);
    expect(final).toBe(50 - delivered);
    const movements = await movementsOf(test.app, user, id, 200);
    expect(movements).toHaveLength(1 + 50 + delivered);
    expect(movements.reduce((sum, movement) => sum + movement.delta, 0)).toBe(final);
    // Replaying the ledger oldest first never goes below 0 and ends at the stored quantity.
    let running = 0;
    for (const movement of [...movements].reverse()) {
      running += movement.delta;
      expect(movement.quantityAfter).toBe(running);
      expect(running).toBeGreaterThanOrEqual(0);
    }
  });

  it("accepts exactly one of many identical compare-and-set requests", async () => {
    const id = await addBike(test.app, user, { quantity: 10 });
    const patches = await Promise.all(
      range(0, 20).map(() =>
        send(test.app, user, "PATCH", `/api/bikes/${id}`, { updatedQuantity: 9 }),
      ),
    );
    expect(statusCounts(patches)).toEqual({ 200: 1, 409: 19 });
    expect(await quantityOf(test.app, id)).toBe(9);

    const puts = await Promise.all(
      range(0, 20).map(() =>
        send(test.app, user, "PUT", `/api/bikes/${id}`, { newNumber: 15, previousQuantity: 9 }),
      ),
    );
    expect(statusCounts(puts)).toEqual({ 200: 1, 409: 19 });
    for (const refused of puts.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ currentQuantity: 15 });
    }
    expect(await quantityOf(test.app, id)).toBe(15);
    expect((await movementsOf(test.app, user, id)).map((movement) => movement.kind)).toEqual([
      "import",
      "deliver",
      "create",
    ]);
  });

  it("deletes a bike once when many deletes race", async () => {
    const id = await addBike(test.app, user, { quantity: 7 });
    const responses = await Promise.all(
      range(0, 10).map(() => send(test.app, user, "DELETE", `/api/bikes/${id}`)),
    );
    expect(statusCounts(responses)).toEqual({ 200: 1, 404: 9 });
    const deletes = (await movementsOf(test.app, user, id)).filter(
      (movement) => movement.kind === "delete",
    );
    expect(deletes).toEqual([expect.objectContaining({ delta: -7, quantityAfter: 0 })]);
  });

  it("never resurrects a bike when deliveries race its deletion", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await addBike(test.app, user, { quantity: 25 });
      const requests = range(0, 21).map((index) =>
        index === 5 + round * 3
          ? send(test.app, user, "DELETE", `/api/bikes/${id}`)
          : deliver(test.app, colleague, id),
      );
      const responses = await Promise.all(requests);
      const deletion = responses[5 + round * 3]!;
      const deliveries = responses.filter((response) => response !== deletion);

      expect(deletion.statusCode, deletion.body).toBe(200);
      for (const response of deliveries) expect([200, 404]).toContain(response.statusCode);
      expect((await test.app.inject(`/api/bikes/${id}`)).statusCode).toBe(404);
      expect((await listBikes(test.app)).map((bike) => bike._id)).not.toContain(id);

      const delivered = deliveries.filter((response) => response.statusCode === 200).length;
      const movements = await movementsOf(test.app, user, id, 200);
      expect(movements[0]).toMatchObject({
        kind: "delete",
        delta: -(25 - delivered),
        quantityAfter: 0,
      });
      expect(movements.filter((movement) => movement.kind === "deliver")).toHaveLength(delivered);
      expect(movements.filter((movement) => movement.kind === "delete")).toHaveLength(1);
    }
  });
});
