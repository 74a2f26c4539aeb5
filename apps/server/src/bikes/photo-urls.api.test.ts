import { STOCK_EVENT, stockEventSchema } from "@ultimate-bikes/contract/stock-events";
import { bikeSchema, insertedSchema, itemListSchema } from "@ultimate-bikes/contract/bikes";
import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";
import { stockPageSchema } from "@ultimate-bikes/contract/stock";
import { describe, expect, it } from "vitest";
import { accessTokenFor } from "../../test/accounts.ts";
import { EVENTS_URL, useListening, useStreams } from "../../test/event-streams.ts";
import { addBike, listBikes, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { openDatabase } from "../db/database.ts";

const PUBLIC_URL = "https://bikes.example.com";

// Photos are stored as paths on this site and answered as URLs on PUBLIC_URL, so a client on
// another origin (CORS) can show them (docs/product.md, API).
describe(`absolute photo URLs on ${testDatabaseKind}`, () => {
  const test = useTestApp({ environment: { PUBLIC_URL }, signedUpUsers: ["owner"] });
  const { owner } = test.users;
  const server = useListening(() => test.app);
  const openStream = useStreams();

  it("answers every stored path as a URL on PUBLIC_URL, in every read", async () => {
    const id = await addBike(test.app, owner, { photo: "/images/bikes/vespa-gts-300.svg" });
    const expected = `${PUBLIC_URL}/images/bikes/vespa-gts-300.svg`;

    expect(
      (await listBikes(test.app)).every((bike) => bike.photo.startsWith(`${PUBLIC_URL}/`)),
    ).toBe(true);
    const one = bikeSchema.parse((await test.app.inject(`/api/bikes/${id}`)).json());
    expect(one.photo).toBe(expected);
    const page = stockPageSchema.parse((await test.app.inject("/api/stock?limit=100")).json());
    expect(page.items.find((bike) => bike._id === id)?.photo).toBe(expected);
    const items = await test.app.inject({
      url: `/api/items?email=${encodeURIComponent(owner.email)}`,
      headers: { authorization: `Bearer ${await accessTokenFor(test.app, owner)}` },
    });
    expect(itemListSchema.parse(items.json()).find((bike) => bike._id === id)?.photo).toBe(
      expected,
    );
  });

  it("sends the same URL in live stock events", async () => {
    const stream = await openStream(`${server.origin}${EVENTS_URL}?lastEventId=0`);
    const id = await addBike(test.app, owner, { photo: "/images/bikes/vespa-gts-300.svg" });
    const event = await stream.next(
      (candidate) => candidate.event === STOCK_EVENT && candidate.data.includes(id),
    );
    expect(stockEventSchema.parse(JSON.parse(event.data)).bike?.photo).toBe(
      `${PUBLIC_URL}/images/bikes/vespa-gts-300.svg`,
    );
  });

  it("leaves an http(s) photo URL as it is, and stores paths as paths", async () => {
    const elsewhere = "https://cdn.example.org/bikes/one.jpg";
    const id = await addBike(test.app, owner, { photo: elsewhere });
    const pathId = await addBike(test.app, owner, { photo: "/images/bikes/vespa-gts-300.svg" });
    expect(bikeSchema.parse((await test.app.inject(`/api/bikes/${id}`)).json()).photo).toBe(
      elsewhere,
    );

    const database = openDatabase(test.config.database, test.app.log);
    try {
      const stored = await database.db
        .selectFrom("bike")
        .select(["id", "photo"])
        .where("id", "in", [id, pathId])
        .execute();
      expect(Object.fromEntries(stored.map((row) => [row.id, row.photo]))).toEqual({
        [id]: elsewhere,
        [pathId]: "/images/bikes/vespa-gts-300.svg",
      });
    } finally {
      await database.db.destroy();
    }
  });
});

// A default install is plain http: the photo URLs it answers are http://, and a client that copies
// a bike sends them back (issue 20).
describe(`photo URLs sent back on an http install, on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["copier"] });
  const { copier } = test.users;

  it("takes back the exact photo URL it answered, and keeps it as the path", async () => {
    const original = await addBike(test.app, copier, { photo: "/images/bikes/vespa-gts-300.svg" });
    const answered = bikeSchema.parse((await test.app.inject(`/api/bikes/${original}`)).json());
    expect(answered.photo).toBe(`${test.config.publicUrl}/images/bikes/vespa-gts-300.svg`);
    expect(answered.photo.startsWith("http://")).toBe(true);

    const copy = {
      name: answered.name,
      photo: answered.photo,
      des: answered.des,
      price: answered.price,
      quantity: answered.quantity,
      supplierName: answered.supplierName,
    };
    for (const path of ["/api/bikes", "/api/items"]) {
      const response = await send(test.app, copier, "POST", path, {
        ...copy,
        name: `Copy ${path}`,
      });
      expect(response.statusCode, response.body).toBe(201);
      const id = insertedSchema.parse(response.json()).insertedId;
      const details = await send(test.app, copier, "GET", `/api/bikes/${id}/details`);
      expect(details.json()).toMatchObject({ photo: "/images/bikes/vespa-gts-300.svg" });
      expect(bikeSchema.parse((await test.app.inject(`/api/bikes/${id}`)).json()).photo).toBe(
        answered.photo,
      );
    }
  });

  it("still refuses a plain http photo on another site", async () => {
    const response = await send(test.app, copier, "POST", "/api/bikes", {
      ...newBikeBody(),
      photo: "http://elsewhere.example/one.jpg",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("photo");
  });
});
