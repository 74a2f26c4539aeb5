import {
  bikeSchema,
  DEFAULT_REORDER_POINT,
  insertedSchema,
  itemListSchema,
} from "@ultimate-bikes/contract/bikes";
import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";
import { describe, expect, it } from "vitest";
import { accessTokenFor } from "../../test/accounts.ts";
import { fieldsOf } from "../../test/api-errors.ts";
import { addBike, deliver, listBikes, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

describe(`reorder points on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["user"] });
  const { user } = test.users;

  const bikeById = async (id: string) =>
    bikeSchema.parse((await test.app.inject(`/api/bikes/${id}`)).json());

  it("gives the seeded stock and a bike added without one the default", async () => {
    const seeded = await listBikes(test.app);
    expect(seeded.every((bike) => bike.reorderPoint === DEFAULT_REORDER_POINT)).toBe(true);
    const id = await addBike(test.app, user);
    expect((await bikeById(id)).reorderPoint).toBe(DEFAULT_REORDER_POINT);
  });

  it.each([
    ["a number", 7, 7],
    ["digit text, as the form sends it", "12", 12],
    ["0, for a bike never reordered", 0, 0],
  ])("keeps a reorder point given as %s", async (_label, given, stored) => {
    const id = await addBike(test.app, user, { reorderPoint: given });
    expect((await bikeById(id)).reorderPoint).toBe(stored);
  });

  it("keeps the reorder point of an item and shows it in every read", async () => {
    const body = newBikeBody({ quantity: 6, reorderPoint: 5 });
    const created = await send(test.app, user, "POST", "/api/items", body);
    expect(created.statusCode, created.body).toBe(201);
    const id = insertedSchema.parse(created.json()).insertedId;

    expect((await listBikes(test.app)).find((bike) => bike._id === id)?.reorderPoint).toBe(5);
    const token = await accessTokenFor(test.app, user);
    const items = await test.app.inject({
      url: `/api/items?email=${encodeURIComponent(user.email)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const item = itemListSchema.parse(items.json()).find((bike) => bike._id === id);
    expect(item).toMatchObject({ reorderPoint: 5, email: user.email });
    const delivered = await deliver(test.app, user, id);
    expect(bikeSchema.parse(delivered.json())).toMatchObject({ quantity: 5, reorderPoint: 5 });
  });

  it.each([
    ["negative", -1],
    ["negative text", "-2"],
    ["with decimals", 1.5],
    ["text that is no number", "x"],
    ["blank", " "],
    ["null", null],
    ["true", true],
    ["above the most one bike can hold", 1_000_001],
  ])("refuses a reorder point that is %s with a 400 naming it", async (_label, reorderPoint) => {
    const before = (await listBikes(test.app)).length;
    for (const url of ["/api/bikes", "/api/items"]) {
      const body = { ...newBikeBody(), reorderPoint };
      const response = await send(test.app, user, "POST", url, body);
      expect(fieldsOf(response)).toEqual(["body.reorderPoint"]);
    }
    expect(await listBikes(test.app)).toHaveLength(before);
  });
});
