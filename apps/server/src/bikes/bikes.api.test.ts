import { bikeListSchema, bikeSchema, DEFAULT_REORDER_POINT } from "@ultimate-bikes/contract/bikes";
import { apiErrorSchema } from "@ultimate-bikes/contract/errors";
import { describe, expect, it } from "vitest";
import { signUp } from "../../test/accounts.ts";
import { addBike, UNKNOWN_BIKE_ID } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { seedBikes } from "../db/seed-bikes.ts";

describe(`bikes read API on ${testDatabaseKind}`, () => {
  const test = useTestApp();

  // The field names are the original API's (docs/product.md, API).
  it("lists the seeded bikes in seed order with the original API's field names", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/bikes" });
    expect(response.statusCode).toBe(200);
    const bikes = bikeListSchema.parse(response.json());
    expect(bikes.map((bike) => bike.name)).toEqual(seedBikes.map((bike) => bike.name));
    const first = seedBikes[0]!;
    expect(bikes[0]).toEqual({
      _id: expect.any(String),
      name: first.name,
      // The stored path, answered as a URL on PUBLIC_URL (any origin can show it).
      photo: `${test.config.publicUrl}${first.photo}`,
      des: first.des,
      price: Number(first.price),
      quantity: first.quantity,
      supplierName: first.supplierName,
      reorderPoint: DEFAULT_REORDER_POINT,
      // Seeded first, so the first stock number (issue 21).
      stockNumber: "UB-00001",
      // Seeded at the main warehouse; none on the road (issue 23).
      stock: [{ placeId: expect.any(String), place: "Main warehouse", quantity: first.quantity }],
      inTransit: 0,
      tracksUnits: false,
      held: 0,
    });
  });

  it("never shows visitors the email of the user who added a bike", async () => {
    const owner = await signUp(test.app);
    const insertedId = await addBike(test.app, owner);
    const list = await test.app.inject("/api/bikes");
    const one = await test.app.inject(`/api/bikes/${insertedId}`);
    expect(list.body).not.toContain(owner.email);
    expect(one.json()).not.toHaveProperty("email");
  });

  it("returns one bike by id", async () => {
    const [listed] = bikeListSchema.parse((await test.app.inject("/api/bikes")).json());
    const response = await test.app.inject(`/api/bikes/${listed!._id}`);
    expect(response.statusCode).toBe(200);
    expect(bikeSchema.parse(response.json())).toEqual(listed);
  });

  it.each([
    ["an unknown id", `/api/bikes/${UNKNOWN_BIKE_ID}`],
    ["a malformed id", "/api/bikes/not-an-id"],
    ["an id with SQL in it", "/api/bikes/1'%20or%20'1'='1"],
  ])("answers %s with a JSON 404", async (_label, url) => {
    const response = await test.app.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({
      statusCode: 404,
      message: "No bike with that id",
    });
  });

  it("refuses an over-long id with the JSON error shape instead of reaching the database", async () => {
    const response = await test.app.inject(`/api/bikes/${"x".repeat(5000)}`);
    expect(response.statusCode).toBe(414);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({
      statusCode: 414,
      error: "URI Too Long",
    });
  });
});

describe(`seeding on ${testDatabaseKind}`, () => {
  const test = useTestApp({ environment: { SEED: "off" } });

  it("leaves the stock empty when SEED is off", async () => {
    const response = await test.app.inject("/api/bikes");
    expect(response.json()).toEqual([]);
  });
});
