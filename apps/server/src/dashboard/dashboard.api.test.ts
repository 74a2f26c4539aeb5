import { dashboardSchema } from "@ultimate-bikes/contract/dashboard";
import { describe, expect, it } from "vitest";
import { addPlaceDirectly, placesByName, sendTransferDirectly } from "../../test/place-fixtures.ts";
import { addBike, deliver, importUnits, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

describe(`the dashboard on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff"], environment: { SEED: "off" } });
  const { staff } = test.users;
  const read = async () => {
    const response = await send(test.app, staff, "GET", "/api/dashboard");
    expect(response.statusCode, response.body).toBe(200);
    return dashboardSchema.parse(response.json());
  };

  it("counts an empty warehouse as zeros, with every one of 30 days", async () => {
    const empty = await read();
    expect(empty).toMatchObject({
      models: 0,
      unitsInStock: 0,
      stockValue: 0,
      valuedAtCost: 0,
      valuedAtSalePrice: 0,
      lowCount: 0,
      outCount: 0,
      movementsToday: 0,
    });
    expect(empty.unitsPerDay).toHaveLength(30);
    expect(empty.unitsPerDay.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    expect(empty.valueBySupplier).toEqual([]);
    expect(empty.otherSuppliers).toBeNull();
    expect((await send(test.app, undefined, "GET", "/api/dashboard")).statusCode).toBe(401);
  });

  it("adds up models, units, value, low and out, today's movements and units in and out", async () => {
    const a = await addBike(test.app, staff, {
      quantity: 5,
      price: 100,
      supplierName: "Alpha",
      reorderPoint: 3,
    });
    const b = await addBike(test.app, staff, {
      quantity: 2,
      price: 50.5,
      supplierName: "Beta",
      reorderPoint: 3,
    });
    await addBike(test.app, staff, {
      quantity: 1,
      price: 10,
      supplierName: "Beta",
      reorderPoint: 0,
    });
    await deliver(test.app, staff, a);
    await deliver(test.app, staff, b);
    await deliver(test.app, staff, b);
    await importUnits(test.app, staff, a, 3);

    const dashboard = await read();
    expect(dashboard).toMatchObject({
      models: 3,
      unitsInStock: 7 + 0 + 1,
      stockValue: 7 * 100 + 1 * 10,
      valuedAtCost: 0,
      valuedAtSalePrice: 3,
      lowCount: 0,
      outCount: 1,
      movementsToday: 3 + 3 + 1,
    });
    expect(dashboard.unitsPerDay.at(-1)).toMatchObject({ unitsIn: 5 + 2 + 1 + 3, unitsOut: 3 });
    expect(
      dashboard.unitsPerDay.slice(0, -1).every((day) => day.unitsIn === 0 && day.unitsOut === 0),
    ).toBe(true);
    expect(dashboard.valueBySupplier).toEqual([
      { supplierName: "Alpha", value: 700 },
      { supplierName: "Beta", value: 10 },
    ]);
    expect(dashboard.otherSuppliers).toBeNull();
  });

  it("values the stock at cost where a bike's cost is known, else at its sale price, and says how many of each", async () => {
    const before = await read();
    await addBike(test.app, staff, {
      quantity: 4,
      price: 1000,
      costPrice: "600.25",
      supplierName: "Alpha",
    });
    await addBike(test.app, staff, { quantity: 2, price: 500, supplierName: "Alpha" });
    await addBike(test.app, staff, { quantity: 3, price: 0.1, costPrice: 0, supplierName: "Beta" });
    await addBike(test.app, staff, { quantity: 0, price: 99, costPrice: 50, supplierName: "Beta" });

    const after = await read();
    expect(after.stockValue - before.stockValue).toBeCloseTo(4 * 600.25 + 2 * 500, 2);
    expect(after.valuedAtCost - before.valuedAtCost).toBe(3);
    expect(after.valuedAtSalePrice - before.valuedAtSalePrice).toBe(1);
    const valueOf = (dashboard: typeof before, supplier: string) =>
      dashboard.valueBySupplier.find((entry) => entry.supplierName === supplier)?.value ?? 0;
    expect(valueOf(after, "Alpha") - valueOf(before, "Alpha")).toBeCloseTo(4 * 600.25 + 2 * 500, 2);
    expect(valueOf(after, "Beta")).toBe(valueOf(before, "Beta"));
  });

  it("names the eight most valuable suppliers and sums the rest apart, as Others", async () => {
    for (let index = 0; index < 12; index++) {
      await addBike(test.app, staff, {
        quantity: 1,
        price: 100_000 + index,
        supplierName: `Supplier ${index}`,
      });
    }
    const { valueBySupplier, otherSuppliers, stockValue } = await read();
    expect(valueBySupplier.map((entry) => entry.supplierName)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4].map((index) => `Supplier ${index}`),
    );
    expect(valueBySupplier[0]).toEqual({ supplierName: "Supplier 11", value: 100_011 });
    // The four least valuable, and the suppliers the tests before added (Alpha and Beta).
    expect(otherSuppliers!.suppliers).toBe(4 + 2);
    const named = valueBySupplier.reduce((sum, entry) => sum + entry.value, 0);
    expect(otherSuppliers!.value).toBeCloseTo(stockValue - named, 2);
    expect(otherSuppliers!.value).toBeGreaterThanOrEqual(100_000 + 100_001 + 100_002 + 100_003);
  });
});

describe(`the dashboard by place on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff"], environment: { SEED: "off" } });
  const { staff } = test.users;
  const read = async () => {
    const response = await send(test.app, staff, "GET", "/api/dashboard");
    expect(response.statusCode, response.body).toBe(200);
    return dashboardSchema.parse(response.json());
  };

  it("has each open place's units and value, the units in transit, and the transfers on their way", async () => {
    const empty = await read();
    expect(empty.byPlace.map((row) => row.place.name)).toContain("Main warehouse");
    expect(empty.inTransit).toEqual({
      units: 0,
      valueAtPrice: 0,
      valueAtCost: null,
      unitsAtCost: 0,
    });
    expect(empty.transfersInTransit).toEqual({ count: 0, units: 0, items: [] });

    const warehouse = (await placesByName(test.app, staff)).get("Main warehouse")!.id;
    const showroomA = await addPlaceDirectly(test, "Alpha showroom");
    const showroomB = await addPlaceDirectly(test, "beta showroom");
    await addPlaceDirectly(test, "Archived showroom", { archived: true });
    const a = await addBike(test.app, staff, {
      quantity: 4,
      price: 100,
      costPrice: 60,
      reorderPoint: 0,
    });
    const b = await addBike(test.app, staff, { quantity: 2, price: 50, reorderPoint: 0 });
    // Low stock stays on the total: 1 left at the warehouse, 4 on their way, 5 in all.
    const d = await addBike(test.app, staff, { quantity: 5, price: 10, reorderPoint: 2 });
    const deleted = await addBike(test.app, staff, { quantity: 9, price: 1000, reorderPoint: 0 });
    expect((await send(test.app, staff, "DELETE", `/api/bikes/${deleted}`)).statusCode).toBe(200);
    const atA = { amount: 3, placeId: showroomA };
    expect((await send(test.app, staff, "POST", `/api/bikes/${a}/imports`, atA)).statusCode).toBe(
      200,
    );
    const first = await sendTransferDirectly(
      test,
      [
        { bikeId: a, quantity: 2 },
        { bikeId: b, quantity: 1 },
      ],
      warehouse,
      showroomB,
    );
    const second = await sendTransferDirectly(
      test,
      [{ bikeId: d, quantity: 4 }],
      warehouse,
      showroomA,
    );

    const dashboard = await read();
    expect(dashboard.byPlace).toEqual([
      {
        place: { id: warehouse, name: "Main warehouse" },
        units: 2 + 1 + 1,
        valueAtPrice: 2 * 100 + 1 * 50 + 1 * 10,
        valueAtCost: 2 * 60,
        unitsAtCost: 2,
      },
      {
        place: { id: showroomA, name: "Alpha showroom" },
        units: 3,
        valueAtPrice: 300,
        valueAtCost: 180,
        unitsAtCost: 3,
      },
      {
        place: { id: showroomB, name: "beta showroom" },
        units: 0,
        valueAtPrice: 0,
        valueAtCost: null,
        unitsAtCost: 0,
      },
    ]);
    expect(dashboard.inTransit).toEqual({
      units: 2 + 1 + 4,
      valueAtPrice: 2 * 100 + 1 * 50 + 4 * 10,
      valueAtCost: 2 * 60,
      unitsAtCost: 2,
    });
    const placed = dashboard.byPlace.reduce((sum, row) => sum + row.units, 0);
    expect(placed + dashboard.inTransit.units).toBe(dashboard.unitsInStock);
    expect(dashboard.lowCount).toBe(0);

    expect(dashboard.transfersInTransit).toEqual({
      count: 2,
      units: 7,
      items: [
        {
          id: first.id,
          number: `T-${String(first.number).padStart(6, "0")}`,
          source: { id: warehouse, name: "Main warehouse" },
          destination: { id: showroomB, name: "beta showroom" },
          units: 3,
          sentAt: expect.any(String),
        },
        expect.objectContaining({ id: second.id, units: 4 }),
      ],
    });
  });
});
