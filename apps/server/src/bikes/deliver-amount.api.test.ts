import { bikeSchema, type StockMovement } from "@ultimate-bikes/contract/bikes";
import { apiErrorSchema } from "@ultimate-bikes/contract/errors";
import { describe, expect, it } from "vitest";
import { addBike, deliver, movementsOf, quantityOf, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

const entries = (movements: StockMovement[]) =>
  movements.map(({ kind, delta, quantityAfter, reference }) => ({
    kind,
    delta,
    quantityAfter,
    reference,
  }));

describe(`"Deliver 4": several units as one ledger entry, on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["user"] });
  const { user } = test.users;

  const deliverSome = (id: string, body: object) =>
    send(test.app, user, "POST", `/api/bikes/${id}/deliveries`, body);

  it("takes `amount` units in one movement with delta -amount and its reference", async () => {
    const id = await addBike(test.app, user, { quantity: 10 });
    const response = await deliverSome(id, { amount: 4, reference: "SO-77" });
    expect(response.statusCode, response.body).toBe(200);
    expect(bikeSchema.parse(response.json()).quantity).toBe(6);
    expect(entries(await movementsOf(test.app, user, id, 1))).toEqual([
      { kind: "deliver", delta: -4, quantityAfter: 6, reference: "SO-77" },
    ]);
  });

  it("takes one unit when no amount is given, with or without a body", async () => {
    const id = await addBike(test.app, user, { quantity: 5 });
    expect((await deliver(test.app, user, id)).statusCode).toBe(200);
    expect((await deliverSome(id, { reference: "SO-1" })).statusCode).toBe(200);
    expect(entries(await movementsOf(test.app, user, id, 2))).toEqual([
      { kind: "deliver", delta: -1, quantityAfter: 3, reference: "SO-1" },
      { kind: "deliver", delta: -1, quantityAfter: 4, reference: null },
    ]);
  });

  it("refuses more than the stock holds with 409, delivering nothing, and empties it exactly", async () => {
    const id = await addBike(test.app, user, { quantity: 3 });
    const short = await deliverSome(id, { amount: 4 });
    expect(short.statusCode, short.body).toBe(409);
    expect(apiErrorSchema.parse(short.json())).toMatchObject({ currentQuantity: 3 });
    expect(short.json<{ message: string }>().message).toMatch(/^Only 3 in stock/);
    expect(await quantityOf(test.app, id)).toBe(3);

    expect((await deliverSome(id, { amount: "3" })).statusCode).toBe(200);
    const empty = await deliverSome(id, { amount: 2 });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({ message: "Your stock is empty", currentQuantity: 0 });
    expect(await quantityOf(test.app, id)).toBe(0);
    expect((await movementsOf(test.app, user, id)).map((movement) => movement.delta)).toEqual([
      -3, 3,
    ]);
  });

  it.each([0, -2, 1.5, "four"])("refuses amount %j with a 400 naming the field", async (amount) => {
    const id = await addBike(test.app, user, { quantity: 5 });
    const response = await deliverSome(id, { amount });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/body\.amount/);
    expect(await quantityOf(test.app, id)).toBe(5);
  });
});
