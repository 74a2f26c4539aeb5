import { transferSchema, type Transfer } from "@ultimate-bikes/contract/transfers";
import { describe, expect, it } from "vitest";
import { expectError } from "../../test/api-errors.ts";
import { addBike, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import {
  createTransfer,
  expectStockAddsUp,
  placeIds,
  unitsAt,
} from "../../test/transfer-helpers.ts";

/*
 * Many transfers over the same bikes at once, their lines written in different orders: the
 * writes lock bikes in ascending id whatever the lines' order, so PostgreSQL never deadlocks (a
 * deadlock would be a 500), and the stock accounts for every answer.
 */
describe(`concurrent transfers over the same bikes on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff"] });
  const { staff } = test.users;

  it("sends 8 transfers of 2 units of 3 bikes at once from 10 each: 5 go, 3 are short, then all 5 arrive", async () => {
    const places = await placeIds(test.app);
    const main = places["Main warehouse"]!;
    const khulna = places["Khulna showroom"]!;
    const bikes = [
      await addBike(test.app, staff, { quantity: "10" }),
      await addBike(test.app, staff, { quantity: "10" }),
      await addBike(test.app, staff, { quantity: "10" }),
    ];
    const drafts: Transfer[] = [];
    for (let index = 0; index < 8; index++) {
      // Each draft lists the bikes starting from another one.
      const order = [...bikes.slice(index % 3), ...bikes.slice(0, index % 3)];
      drafts.push(
        await createTransfer(test.app, staff, {
          sourcePlaceId: main,
          destinationPlaceId: khulna,
          lines: order.map((bikeId) => ({ bikeId, quantity: 2 })),
        }),
      );
    }

    const sends = await Promise.all(
      drafts.map((draft) => send(test.app, staff, "POST", `/api/transfers/${draft.id}/send`)),
    );
    const sent = sends.filter((response) => response.statusCode === 200);
    expect(sent).toHaveLength(5);
    for (const refused of sends.filter((response) => response.statusCode !== 200)) {
      expect(expectError(refused, 409).message).toMatch(/: 0 at Main warehouse, 2 asked/);
    }
    for (const bike of bikes) {
      const stock = await expectStockAddsUp(test.app, bike);
      expect({ main: unitsAt(stock, main), inTransit: stock.inTransit }).toEqual({
        main: 0,
        inTransit: 10,
      });
    }

    const receives = await Promise.all(
      sent.map((response) =>
        send(
          test.app,
          staff,
          "POST",
          `/api/transfers/${transferSchema.parse(response.json()).id}/receive`,
        ),
      ),
    );
    expect(receives.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const bike of bikes) {
      const stock = await expectStockAddsUp(test.app, bike);
      expect({
        quantity: stock.quantity,
        khulna: unitsAt(stock, khulna),
        inTransit: stock.inTransit,
      }).toEqual({ quantity: 10, khulna: 10, inTransit: 0 });
    }
  });
});
