import { stockPageSchema, type StockPage } from "@ultimate-bikes/contract/stock";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "../../test/accounts.ts";
import { expectError } from "../../test/api-errors.ts";
import { signUpAs } from "../../test/roles.ts";
import { addBike, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { placeIds } from "../../test/transfer-helpers.ts";
import { newUnits, unitsOf } from "../../test/unit-helpers.ts";

describe(`the stock search finds units by number on ${testDatabaseKind}`, () => {
  const test = useTestApp({ environment: { ACCESS_POLICY: "invite" } });
  let staff: TestUser;
  let member: TestUser;
  let khulna: string;
  /** A tracked model named after no number, its one unit at Khulna showroom. */
  let bike: { id: string; name: string };
  let unit: { id: string; chassis: string; engine: string };

  beforeAll(async () => {
    staff = await signUpAs(test.app, test.config, "staff");
    member = await signUpAs(test.app, test.config, "member");
    khulna = (await placeIds(test.app))["Khulna showroom"]!;
    // Enough bikes that the unit's would not be on a first page by name.
    for (let index = 0; index < 3; index++) {
      await addBike(test.app, staff, { name: `Aardvark ${index}` });
    }
    const name = "Yamaha MT-07";
    bike = { id: await addBike(test.app, staff, { name, quantity: "0" }), name };
    // An engine number whose end is not the chassis number's (newUnits ties them together).
    const [arriving] = newUnits(1).map((one) => ({ ...one, engine: "J419E-88 0417 52" }));
    const tracking = await send(test.app, staff, "PUT", `/api/bikes/${bike.id}/tracking`, {
      tracksUnits: true,
      units: [],
    });
    expect(tracking.statusCode, tracking.body).toBe(200);
    const imported = await send(test.app, staff, "POST", `/api/bikes/${bike.id}/imports`, {
      amount: 1,
      units: [arriving],
      placeId: khulna,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const [stored] = await unitsOf(test.app, staff, bike.id);
    unit = { id: stored!.id, chassis: stored!.chassis, engine: stored!.engine };
  });

  async function searched(q: string, user: TestUser | undefined = staff, extra = "") {
    const query = new URLSearchParams({ q, units: "include", sort: "name", limit: "2" });
    const response = await send(test.app, user, "GET", `/api/stock?${query}${extra}`);
    expect(response.statusCode, response.body).toBe(200);
    return stockPageSchema.parse(response.json());
  }

  const expectFound = (page: StockPage) => {
    expect(page.units).toEqual([
      {
        id: unit.id,
        chassis: unit.chassis,
        bikeId: bike.id,
        bikeName: bike.name,
        status: "in_stock",
        place: "Khulna showroom",
      },
    ]);
    expect(page.items[0]?._id).toBe(bike.id);
    expect(page.total).toBe(1);
  };

  it("finds a unit by its whole chassis or engine number, as typed, its bike first", async () => {
    expectFound(await searched(unit.chassis));
    expectFound(await searched(unit.chassis.toLowerCase()));
    expect(unit.engine).toBe("J419E88041752");
    expectFound(await searched("J419E-88 0417 52"));
  });

  it("finds a unit by the last 6 characters or more of either number", async () => {
    expectFound(await searched(unit.chassis.slice(-6)));
    expectFound(await searched(unit.chassis.slice(-11)));
    expectFound(await searched("0417 52"));
    expect((await searched(unit.chassis.slice(-5))).units).toEqual([]);
    expect((await searched("999999")).units).toEqual([]);
  });

  it("keeps the other filters on the unit's bike, and says its units at the place", async () => {
    const there = await searched(unit.chassis.slice(-6), staff, `&place=${khulna}`);
    expect(there.items.map((item) => [item._id, item.placeQuantity])).toEqual([[bike.id, 1]]);
    const elsewhere = await searched(unit.chassis.slice(-6), staff, "&status=out");
    expect(elsewhere.items).toEqual([]);
    // The unit is still named: it is what was searched for.
    expect(elsewhere.units?.map((found) => found.id)).toEqual([unit.id]);
  });

  it("leaves a search by words as it was", async () => {
    const words = await searched("aardvark");
    const plain = await test.app.inject("/api/stock?q=aardvark&sort=name&limit=2");
    const { units, ...page } = words;
    expect(units).toEqual([]);
    expect(page).toEqual(plain.json());
    expect(page.total).toBe(3);
  });

  it("tells only staff about units; the public search of a number finds none", async () => {
    const query = `/api/stock?q=${unit.chassis}&units=include`;
    expectError(await send(test.app, undefined, "GET", query), 401);
    expectError(await send(test.app, member, "GET", query), 403);
    const plain = stockPageSchema.parse(
      (await test.app.inject(`/api/stock?q=${unit.chassis}`)).json(),
    );
    expect(plain).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it("answers a unit's new state at once, never a stored answer", async () => {
    expectFound(await searched(unit.chassis));
    const delivered = await send(test.app, staff, "POST", `/api/bikes/${bike.id}/deliveries`, {
      unitId: unit.id,
      placeId: khulna,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const after = await searched(unit.chassis);
    expect(after.units?.map((found) => found.status)).toEqual(["delivered"]);
  });
});
