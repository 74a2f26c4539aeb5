import { STOCK_EVENT, stockEventSchema } from "@ultimate-bikes/contract/stock-events";
import { bikeSchema, itemListSchema } from "@ultimate-bikes/contract/bikes";
import { stockPageSchema } from "@ultimate-bikes/contract/stock";
import { describe, expect, it } from "vitest";
import { accessTokenFor } from "../../test/accounts.ts";
import { EVENTS_URL, useListening, useStreams } from "../../test/event-streams.ts";
import { addBike, listBikes } from "../../test/stock-helpers.ts";
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
