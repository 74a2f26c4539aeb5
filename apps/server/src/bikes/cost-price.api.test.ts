import { bikeDetailsSchema, type BikeDetails } from "@ultimate-bikes/contract/bikes";
import { describe, expect, it } from "vitest";
import { fieldsOf } from "../../test/api-errors.ts";
import { addBike, movementsOf, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";

/**
 * A bike's optional cost price (issue 21): given on add and edit, answered in the details staff
 * edit, never in the public reads, kept through a delete and a restore.
 */
describe(`a bike's cost price on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff"], environment: { SEED: "off" } });
  const { staff } = test.users;

  async function detailsOf(id: string): Promise<BikeDetails> {
    const response = await send(test.app, staff, "GET", `/api/bikes/${id}/details`);
    expect(response.statusCode, response.body).toBe(200);
    return bikeDetailsSchema.parse(response.json());
  }

  const edit = (id: string, details: BikeDetails, change: Record<string, unknown>) => {
    const { tag, ...values } = details;
    return send(
      test.app,
      staff,
      "PUT",
      `/api/bikes/${id}/details`,
      { ...values, ...change },
      { "if-match": `"${tag}"` },
    );
  };

  it("is kept when given on add, as a number or its text, and is null when not", async () => {
    const withCost = await addBike(test.app, staff, { name: "Costed", costPrice: "800.50" });
    const withNumber = await addBike(test.app, staff, { name: "Numbered", costPrice: 0 });
    const blank = await addBike(test.app, staff, { name: "Blank", costPrice: "" });
    const without = await addBike(test.app, staff, { name: "Without" });
    expect((await detailsOf(withCost)).costPrice).toBe(800.5);
    expect((await detailsOf(withNumber)).costPrice).toBe(0);
    expect((await detailsOf(blank)).costPrice).toBeNull();
    expect((await detailsOf(without)).costPrice).toBeNull();
  });

  it("is refused when negative, not a price or with more than two decimals, naming the field", async () => {
    for (const costPrice of [-1, "abc", "12.345", 1.005, 20_000_000, true]) {
      const response = await send(
        test.app,
        staff,
        "POST",
        "/api/bikes",
        newBikeBody({ costPrice: costPrice as number }),
      );
      expect(fieldsOf(response), String(costPrice)).toEqual(["body.costPrice"]);
    }
  });

  it("stays out of the public reads: the list, one bike and the stock search", async () => {
    const id = await addBike(test.app, staff, { name: "Secret margin", costPrice: 123.45 });
    const one = (await test.app.inject(`/api/bikes/${id}`)).body;
    const list = (await test.app.inject("/api/bikes")).body;
    const search = (await test.app.inject("/api/stock?q=secret")).body;
    for (const body of [one, list, search]) {
      expect(body).toContain("Secret margin");
      expect(body).not.toContain("costPrice");
      expect(body).not.toContain("123.45");
    }
  });

  it("is set, kept when left out, and cleared by an edit, each change in the ledger", async () => {
    const id = await addBike(test.app, staff, { name: "Edited cost", price: 1000 });
    const set = await edit(id, await detailsOf(id), { costPrice: "700" });
    expect(set.statusCode, set.body).toBe(200);
    expect(bikeDetailsSchema.parse(set.json()).costPrice).toBe(700);

    // A client that does not know the field (before issue 21) leaves it as it is.
    const current = await detailsOf(id);
    const older: Partial<BikeDetails> = { ...current };
    delete older.costPrice;
    const kept = await edit(id, older as BikeDetails, { name: "Renamed" });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(bikeDetailsSchema.parse(kept.json())).toMatchObject({ name: "Renamed", costPrice: 700 });

    const cleared = await edit(id, await detailsOf(id), { costPrice: "" });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await detailsOf(id)).costPrice).toBeNull();

    const refused = await edit(id, await detailsOf(id), { costPrice: "-5" });
    expect(fieldsOf(refused)).toEqual(["body.costPrice"]);

    const edits = (await movementsOf(test.app, staff, id)).filter((entry) => entry.kind === "edit");
    expect(edits.map((entry) => entry.changes)).toEqual([
      [{ field: "costPrice", from: 700, to: null }],
      [{ field: "name", from: "Edited cost", to: "Renamed" }],
      [{ field: "costPrice", from: null, to: 700 }],
    ]);
  });

  it("comes back with a deleted bike's restore", async () => {
    const id = await addBike(test.app, staff, { name: "Restored cost", costPrice: 321 });
    expect((await send(test.app, staff, "DELETE", `/api/bikes/${id}`)).statusCode).toBe(200);
    const restored = await send(test.app, staff, "POST", `/api/deleted-bikes/${id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await detailsOf(id)).costPrice).toBe(321);
  });
});
