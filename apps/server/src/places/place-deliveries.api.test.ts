import { describe, expect, it } from "vitest";
import { expectError } from "../../test/api-errors.ts";
import { addBike, movementsOf, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { expectStockAddsUp, placeIds, unitsAt } from "../../test/transfer-helpers.ts";

/*
 * The core of stock at places (issue 23): many deliveries at one place at once take exactly what
 * is there, never a unit of another place's, and every refusal says where there is stock.
 */
describe(`concurrent deliveries at one place on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff"] });
  const { staff } = test.users;

  it("200 at once at a place holding 50: 50 delivered there, 150 refused saying where stock is, the other place untouched", async () => {
    const places = await placeIds(test.app);
    const main = places["Main warehouse"]!;
    const khulna = places["Khulna showroom"]!;
    const bike = await addBike(test.app, staff, { quantity: "120" });
    const restock = await send(test.app, staff, "POST", `/api/bikes/${bike}/imports`, {
      amount: 50,
      placeId: khulna,
    });
    expect(restock.statusCode, restock.body).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        send(test.app, staff, "POST", `/api/bikes/${bike}/deliveries`, { placeId: khulna }),
      ),
    );
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(answers.length - refused.length).toBe(50);
    expect(refused).toHaveLength(150);
    for (const answer of refused) {
      expect(expectError(answer, 409).message).toBe(
        "None at Khulna showroom; 120 at Main warehouse",
      );
    }

    const stock = await expectStockAddsUp(test.app, bike);
    expect({
      quantity: stock.quantity,
      main: unitsAt(stock, main),
      khulna: unitsAt(stock, khulna),
    }).toEqual({ quantity: 120, main: 120, khulna: 0 });
    const deliveries = (await movementsOf(test.app, staff, bike)).filter(
      (movement) => movement.kind === "deliver",
    );
    expect(deliveries).toHaveLength(50);
    expect(deliveries.every((movement) => movement.place?.id === khulna)).toBe(true);
  });
});
