import { bikeListSchema, bikeSchema, type Bike } from "@ultimate-bikes/contract/bikes";
import { stockPageSchema, supplierListSchema } from "@ultimate-bikes/contract/stock";
import { newBikeBody, uniqueBikeName } from "@ultimate-bikes/test-support/new-bike";
import type { FastifyInstance } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../test/accounts.ts";
import { useSecondInstance } from "../../test/second-instance.ts";
import { addBike, deliver, importUnits, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });

/** Reads the list and the bike twice, so the second read of each is a stored answer. */
async function readTwice(app: FastifyInstance, id: string) {
  for (let round = 0; round < 2; round++) {
    expect((await get(app, "/api/bikes")).statusCode).toBe(200);
    await get(app, `/api/bikes/${id}`);
  }
}

async function listed(app: FastifyInstance, id: string): Promise<Bike | undefined> {
  const bikes = bikeListSchema.parse((await get(app, "/api/bikes")).json());
  return bikes.find((bike) => bike._id === id);
}

async function byId(app: FastifyInstance, id: string): Promise<Bike | undefined> {
  const response = await get(app, `/api/bikes/${id}`);
  return response.statusCode === 404 ? undefined : bikeSchema.parse(response.json());
}

describe(`read cache on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff", "colleague"] });
  const second = useSecondInstance(test);
  const { staff, colleague } = test.users;

  it("answers the stock reads with a weak ETag that browsers revalidate, and a match with 304", async () => {
    const id = await addBike(test.app, staff);
    for (const url of ["/api/bikes", `/api/bikes/${id}`]) {
      const first = await get(test.app, url);
      const again = await get(test.app, url);
      expect(first.headers.etag).toMatch(/^W\/"v\d+-[\w-]+"$/);
      expect(first.headers["cache-control"]).toBe("no-cache");
      expect([again.statusCode, again.headers.etag, again.body]).toEqual([
        200,
        first.headers.etag,
        first.body,
      ]);

      const unchanged = await get(test.app, url, { "if-none-match": String(first.headers.etag) });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.body).toBe("");
      expect(unchanged.headers.etag).toBe(first.headers.etag);
      const among = await get(test.app, url, {
        "if-none-match": `W/"other", ${first.headers.etag}`,
      });
      expect(among.statusCode).toBe(304);
    }
  });

  it("answers 200 with a new ETag once the stock changed", async () => {
    const id = await addBike(test.app, staff, { quantity: 4 });
    const before = await get(test.app, `/api/bikes/${id}`);
    const listBefore = await get(test.app, "/api/bikes");
    expect((await deliver(test.app, staff, id)).statusCode).toBe(200);

    const after = await get(test.app, `/api/bikes/${id}`, {
      "if-none-match": String(before.headers.etag),
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(bikeSchema.parse(after.json()).quantity).toBe(3);
    const listAfter = await get(test.app, "/api/bikes", {
      "if-none-match": String(listBefore.headers.etag),
    });
    expect(listAfter.statusCode).toBe(200);
    expect(listAfter.headers.etag).not.toBe(listBefore.headers.etag);
  });

  /** Each write through the API, and what the stock reads must show right after it. */
  const writes: [
    string,
    (app: FastifyInstance, user: TestUser, id: string) => Promise<unknown>,
    number | undefined,
  ][] = [
    ["a delivery", (app, user, id) => deliver(app, user, id), 9],
    ["an import", (app, user, id) => importUnits(app, user, id, 5), 15],
    [
      "a Delivered (PATCH)",
      (app, user, id) => send(app, user, "PATCH", `/api/bikes/${id}`, { updatedQuantity: 9 }),
      9,
    ],
    [
      "an Import (PUT)",
      (app, user, id) =>
        send(app, user, "PUT", `/api/bikes/${id}`, { newNumber: 12, previousQuantity: 10 }),
      12,
    ],
    ["a delete", (app, user, id) => send(app, user, "DELETE", `/api/bikes/${id}`), undefined],
    [
      "a cancel (DELETE /items)",
      (app, user, id) => send(app, user, "DELETE", `/api/items/${id}`),
      undefined,
    ],
  ];

  describe.each([
    ["this server", () => test.app],
    ["a second server on the same database", () => second.app],
  ])("after a write by %s", (_label, writer) => {
    it.each(writes)("shows %s at once", async (_write, write, quantity) => {
      const id = await addBike(test.app, staff, { quantity: 10 });
      await readTwice(test.app, id);
      const response = (await write(writer(), staff, id)) as { statusCode: number };
      expect(response.statusCode).toBe(200);
      expect((await listed(test.app, id))?.quantity).toBe(quantity);
      expect((await byId(test.app, id))?.quantity).toBe(quantity);
    });

    it("shows an added bike at once", async () => {
      const known = await addBike(test.app, staff);
      await readTwice(test.app, known);
      const id = await addBike(writer(), staff, { quantity: 2 });
      expect((await listed(test.app, id))?.quantity).toBe(2);
      expect((await byId(test.app, id))?.quantity).toBe(2);
    });
  });

  it("gives every server sharing the database the same ETag for the same stock", async () => {
    const id = await addBike(test.app, staff);
    const fromFirst = await get(test.app, `/api/bikes/${id}`);
    const fromSecond = await get(second.app, `/api/bikes/${id}`);
    expect(fromSecond.headers.etag).toBe(fromFirst.headers.etag);
    const revalidated = await get(second.app, `/api/bikes/${id}`, {
      "if-none-match": String(fromFirst.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it("keeps the JSON the zod serializer wrote, byte for byte, without owners", async () => {
    await addBike(test.app, staff);
    const serializeLikeBefore = zodSerializerCompiler({
      schema: bikeListSchema,
      method: "GET",
      url: "/api/bikes",
    });
    for (let round = 0; round < 2; round++) {
      const { body } = await get(test.app, "/api/bikes");
      expect(body).toBe(serializeLikeBefore(JSON.parse(body)));
      expect(body).not.toContain(staff.email);
    }
  });

  it("compresses large answers, stored or not, and sends small ones as they are", async () => {
    const id = await addBike(test.app, staff, { des: "x".repeat(20) });
    const identity = await get(test.app, "/api/bikes");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    for (let round = 0; round < 2; round++) {
      const gzipped = await get(test.app, "/api/bikes", { "accept-encoding": "gzip" });
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(gzipped.headers.etag).toBe(identity.headers.etag);
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(identity.body);
    }
    const small = await get(test.app, `/api/bikes/${id}`, { "accept-encoding": "gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(bikeSchema.parse(small.json())._id).toBe(id);
  });

  it("leaves the signed-in reads and errors out of it", async () => {
    const id = await addBike(test.app, staff);
    const ledger = await send(test.app, staff, "GET", `/api/bikes/${id}/movements`);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.headers.etag).toBeUndefined();
    const missing = await get(test.app, "/api/bikes/0b0d7a3e-4f4e-4b8e-9f8e-2a4d5c6b7a80");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it("adds through POST /items too and shows it at once", async () => {
    const known = await addBike(test.app, staff);
    await readTwice(test.app, known);
    const response = await send(
      test.app,
      staff,
      "POST",
      "/api/items",
      newBikeBody({ quantity: "6" }),
    );
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json() as { insertedId: string };
    expect((await listed(test.app, insertedId))?.quantity).toBe(6);
  });

  it("keeps searches and the supplier list fresh after writes on either server", async () => {
    const name = uniqueBikeName("Cached Search");
    const supplierName = uniqueBikeName("Cached Supplier");
    const search = `/api/stock?q=${encodeURIComponent(name)}`;
    const found = async () => stockPageSchema.parse((await get(test.app, search)).json());
    const suppliers = async () =>
      supplierListSchema.parse((await get(test.app, "/api/suppliers")).json());
    for (let round = 0; round < 2; round++) {
      expect((await found()).total).toBe(0);
      expect((await suppliers()).map((supplier) => supplier.name)).not.toContain(supplierName);
    }
    const id = await addBike(second.app, staff, { name, supplierName, quantity: 3 });
    expect((await found()).items.map((item) => [item._id, item.quantity])).toEqual([[id, 3]]);
    expect(await suppliers()).toContainEqual({ name: supplierName, bikeCount: 1 });
    await deliver(second.app, staff, id);
    expect((await found()).items[0]?.quantity).toBe(2);
  });

  it("never shares one caller's own bikes (owner=me) with another", async () => {
    const mine = await addBike(test.app, staff);
    const theirs = await addBike(test.app, colleague);
    const ownBikes = async (user: TestUser) => {
      const response = await send(test.app, user, "GET", "/api/stock?owner=me&limit=100");
      expect(response.headers.etag).toBeUndefined();
      return stockPageSchema.parse(response.json()).items.map((item) => item._id);
    };
    for (let round = 0; round < 2; round++) {
      expect(await ownBikes(staff)).toContain(mine);
      expect(await ownBikes(staff)).not.toContain(theirs);
      expect(await ownBikes(colleague)).toEqual([theirs]);
    }
    expect((await get(test.app, "/api/stock?owner=me&limit=100")).statusCode).toBe(401);
  });
});
