import { bikeSchema, type Bike } from "@ultimate-bikes/contract/bikes";
import { ledgerPageSchema } from "@ultimate-bikes/contract/ledger";
import { stockPageSchema } from "@ultimate-bikes/contract/stock";
import { describe, expect, it } from "vitest";
import { addBike, listBikes, range, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { seedBulkStock } from "../db/bulk-stock.ts";
import { seedBikes } from "../db/seed-bikes.ts";

/** Stock numbers (issue 21): given on creation, unique, editable by staff, found by Scan and search. */
describe(`stock numbers on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff"] });
  const { staff } = test.users;

  const bikeById = async (id: string): Promise<Bike> =>
    bikeSchema.parse((await test.app.inject(`/api/bikes/${id}`)).json());
  const numberOf = (bike: Bike) => Number(bike.stockNumber!.slice(3));
  const setNumber = (id: string, stockNumber: unknown) =>
    send(test.app, staff, "PUT", `/api/bikes/${id}/stock-number`, { stockNumber });

  it("numbers the seeded bikes in order, and each new bike with the next number", async () => {
    const seeded = (await listBikes(test.app)).slice(0, seedBikes.length);
    expect(seeded.map((bike) => bike.stockNumber)).toEqual(
      range(1, seedBikes.length).map((n) => `UB-${String(n).padStart(5, "0")}`),
    );
    const before = Math.max(...(await listBikes(test.app)).map(numberOf));
    const id = await addBike(test.app, staff);
    expect((await bikeById(id)).stockNumber).toBe(`UB-${String(before + 1).padStart(5, "0")}`);
  });

  it("gives bikes created at the same time different numbers", async () => {
    const ids = await Promise.all(range(0, 12).map(() => addBike(test.app, staff)));
    const numbers = (await Promise.all(ids.map(bikeById))).map(numberOf);
    expect(new Set(numbers).size).toBe(ids.length);
    // One range, none skipped: each creation took the next.
    expect(Math.max(...numbers) - Math.min(...numbers)).toBe(ids.length - 1);
  });

  it("numbers the bikes a CSV import and the bulk stock add, in their order, after the others", async () => {
    const highest = async () => Math.max(...(await listBikes(test.app)).map(numberOf));
    const before = await highest();
    const names = range(1, 3).map((n) => `CSV numbered ${n} ${Date.now()}`);
    const rows = names.map(
      (name) =>
        `,${name},CSV Imports Ltd.,4999.50,5,3,A bike from a spreadsheet.,/images/bikes/honda-cbr650r.svg`,
    );
    const csv = ["id,name,supplier,price,quantity,reorder point,description,photo", ...rows];
    const imported = await send(test.app, staff, "POST", "/api/stock/imports", csv.join("\n"), {
      "content-type": "text/csv",
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const byName = new Map((await listBikes(test.app)).map((bike) => [bike.name, bike]));
    expect(names.map((name) => numberOf(byName.get(name)!))).toEqual(range(before + 1, 3));

    await seedBulkStock(test.config.database, 3);
    const bulk = (await listBikes(test.app)).filter((bike) => numberOf(bike) > before + 3);
    expect(bulk.map(numberOf).sort((a, b) => a - b)).toEqual(range(before + 4, 3));
  });

  it("finds a bike by its stock number, in any case, and 404s an unknown or malformed one", async () => {
    const id = await addBike(test.app, staff);
    const { stockNumber } = await bikeById(id);
    const found = await test.app.inject(`/api/bikes/by-stock-number/${stockNumber!.toLowerCase()}`);
    expect(found.statusCode).toBe(200);
    expect(bikeSchema.parse(found.json())._id).toBe(id);
    for (const number of ["UB-99999999", "42", "not-a-number"]) {
      const response = await test.app.inject(`/api/bikes/by-stock-number/${number}`);
      expect(response.statusCode).toBe(404);
    }
  });

  it("lets staff change a number, refuses one in use with a 409 naming the field, and records the edit", async () => {
    const id = await addBike(test.app, staff);
    const other = await bikeById(await addBike(test.app, staff));
    const edited = await setNumber(id, "ub-90000");
    expect(edited.statusCode, edited.body).toBe(200);
    expect(bikeSchema.parse(edited.json()).stockNumber).toBe("UB-90000");
    expect((await bikeById(id)).stockNumber).toBe("UB-90000");
    // New numbers go on above a number typed by hand.
    expect((await bikeById(await addBike(test.app, staff))).stockNumber).toBe("UB-90001");

    const clash = await setNumber(id, other.stockNumber);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      message: `stockNumber: ${other.stockNumber} is already the stock number of another bike`,
      fields: [{ field: "body.stockNumber" }],
    });
    expect((await setNumber(id, "B-1")).statusCode).toBe(400);

    const ledger = await send(test.app, staff, "GET", `/api/movements?bikeId=${id}&kind=edit`);
    expect(ledgerPageSchema.parse(ledger.json()).items[0]?.changes).toEqual([
      { field: "stockNumber", from: expect.stringMatching(/^UB-\d{5}$/), to: "UB-90000" },
    ]);
  });

  it("keeps a deleted bike's number for its restore, and refuses it to another bike meanwhile", async () => {
    const id = await addBike(test.app, staff);
    const { stockNumber } = await bikeById(id);
    expect((await send(test.app, staff, "DELETE", `/api/bikes/${id}`)).statusCode).toBe(200);
    const other = await addBike(test.app, staff);
    const clash = await setNumber(other, stockNumber);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain("a recently deleted bike");
    const restored = await send(test.app, staff, "POST", `/api/deleted-bikes/${id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await bikeById(id)).stockNumber).toBe(stockNumber);
  });

  it("finds the bike whose stock number is searched for", async () => {
    const id = await addBike(test.app, staff);
    const { stockNumber } = await bikeById(id);
    for (const q of [stockNumber!, stockNumber!.toLowerCase()]) {
      const response = await test.app.inject(`/api/stock?q=${encodeURIComponent(q)}`);
      const page = stockPageSchema.parse(response.json());
      expect(page.items.map((bike) => bike._id)).toEqual([id]);
      expect(page.total).toBe(1);
    }
  });

  it("filters the ledger by a bike's name, stock number or id", async () => {
    const name = `Ledger pick ${Date.now()}`;
    const id = await addBike(test.app, staff, { name });
    await addBike(test.app, staff, { name: `${name} other` });
    const { stockNumber } = await bikeById(id);
    for (const bike of [name.toUpperCase(), stockNumber!.toLowerCase(), id]) {
      const response = await send(
        test.app,
        staff,
        "GET",
        `/api/movements?bike=${encodeURIComponent(bike)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const items = ledgerPageSchema.parse(response.json()).items;
      expect(items.map((entry) => `${entry.kind} ${entry.bikeId}`)).toEqual([`create ${id}`]);
    }
  });
});
