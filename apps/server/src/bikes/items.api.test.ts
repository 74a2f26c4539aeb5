import {
  DEFAULT_REORDER_POINT,
  insertedSchema,
  itemListSchema,
  type NewBikeInput,
} from "@ultimate-bikes/contract/bikes";
import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";
import { describe, expect, it } from "vitest";
import { accessTokenFor, signUp, testNameOf, type TestUser } from "../../test/accounts.ts";
import { deliver, listBikes, movementsOf, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

describe(`my items on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["user", "other"] });
  const { user, other } = test.users;

  /**
   * A body as the stock list shows it back: the numbers the form sends as text, as numbers, and
   * the photo's path as a URL on PUBLIC_URL.
   */
  const asListed = (body: NewBikeInput) => ({
    ...body,
    photo: `${test.config.publicUrl}${body.photo}`,
    price: Number(body.price),
    quantity: Number(body.quantity),
  });

  async function add(url: "/api/bikes" | "/api/items", as: TestUser, body: NewBikeInput) {
    const response = await send(test.app, as, "POST", url, body);
    return { status: response.statusCode, id: insertedSchema.parse(response.json()).insertedId };
  }

  async function itemsOf(as: TestUser, email = as.email) {
    const response = await test.app.inject({
      url: `/api/items?email=${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${await accessTokenFor(test.app, as)}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return itemListSchema.parse(response.json());
  }

  const idsOf = (bikes: { _id: string }[]) => bikes.map((bike) => bike._id);

  // The original API's add form sends POST /bikes, then POST /items (docs/product.md, API).
  it("keeps POST /bikes then POST /items with the same body as one bike", async () => {
    const before = await listBikes(test.app);
    const withoutEmail = newBikeBody({ quantity: 3 });
    const body = { ...withoutEmail, email: user.email };
    const created = await add("/api/bikes", user, body);
    expect(created.status).toBe(201);
    const second = await add("/api/items", user, body);
    expect(second).toEqual({ status: 200, id: created.id });
    // The email is informational, so leaving it out still names the same bike.
    expect(await add("/api/items", user, withoutEmail)).toEqual({ status: 200, id: created.id });

    const after = await listBikes(test.app);
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((bike) => bike.name === body.name)).toEqual([
      {
        _id: created.id,
        name: body.name,
        photo: `${test.config.publicUrl}${body.photo}`,
        des: body.des,
        price: Number(body.price),
        quantity: 3,
        supplierName: body.supplierName,
        reorderPoint: DEFAULT_REORDER_POINT,
        stockNumber: expect.stringMatching(/^UB-\d{5,}$/),
        // Added at the adder's default place: the main warehouse, as they chose no home place.
        stock: [{ placeId: expect.any(String), place: "Main warehouse", quantity: 3 }],
        inTransit: 0,
        tracksUnits: false,
        held: 0,
      },
    ]);
    expect(idsOf(await itemsOf(user)).filter((id) => id === created.id)).toHaveLength(1);
    expect((await movementsOf(test.app, user, created.id)).map((m) => m.kind)).toEqual(["create"]);
  });

  it("still finds the same bike when a unit left between the two calls", async () => {
    const body = newBikeBody({ quantity: 3 });
    const created = await add("/api/bikes", user, body);
    expect((await deliver(test.app, user, created.id)).statusCode).toBe(200);
    expect(await add("/api/items", user, body)).toEqual({ status: 200, id: created.id });
  });

  it.each([
    ["name", { name: "Another name entirely" }],
    ["description", { des: "Another description." }],
    ["photo", { photo: "/images/bikes/other.svg" }],
    ["price", { price: 5000 }],
    ["supplier", { supplierName: "Another Supplier" }],
    ["quantity", { quantity: 7 }],
    ["reorder point", { reorderPoint: 5 }],
  ])("creates a new bike when POST /items differs in the %s", async (_label, change) => {
    const body = newBikeBody({ quantity: 5 });
    const first = await add("/api/bikes", user, body);
    const before = await listBikes(test.app);

    const second = await add("/api/items", user, { ...body, ...change });
    expect(second.status).toBe(201);
    expect(second.id).not.toBe(first.id);
    const after = await listBikes(test.app);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((bike) => bike._id === second.id)).toMatchObject(
      asListed({ ...body, ...change }),
    );
    expect(after.find((bike) => bike._id === first.id)).toMatchObject({ quantity: 5 });
  });

  it("never hands one user's bike to another who sends the same body", async () => {
    const body = newBikeBody();
    const mine = await add("/api/bikes", user, body);
    const theirs = await add("/api/items", other, body);
    expect(theirs.status).toBe(201);
    expect(theirs.id).not.toBe(mine.id);
    expect(idsOf(await itemsOf(other))).toContain(theirs.id);
    expect(idsOf(await itemsOf(other))).not.toContain(mine.id);
  });

  it("lists exactly the user's own bikes, oldest first", async () => {
    const owner = await signUp(test.app);
    const neighbour = await signUp(test.app);
    const first = await add("/api/items", owner, newBikeBody());
    const theirs = await add("/api/items", neighbour, newBikeBody());
    const second = await add("/api/bikes", owner, newBikeBody());

    const items = await itemsOf(owner);
    expect(idsOf(items)).toEqual([first.id, second.id]);
    expect(items.every((bike) => bike.email === owner.email)).toBe(true);
    expect(idsOf(await itemsOf(neighbour))).toEqual([theirs.id]);
    expect(idsOf(await itemsOf(owner, owner.email.toUpperCase()))).toEqual([first.id, second.id]);
    expect(await itemsOf(await signUp(test.app))).toEqual([]);
  });

  it("cancels an item from both the items and the stock list, recording it", async () => {
    const body = newBikeBody({ quantity: 4 });
    const { id } = await add("/api/items", user, body);
    expect(idsOf(await itemsOf(user))).toContain(id);

    const cancelled = await send(test.app, user, "DELETE", `/api/items/${id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(idsOf(await itemsOf(user))).not.toContain(id);
    expect(idsOf(await listBikes(test.app))).not.toContain(id);
    expect((await test.app.inject(`/api/bikes/${id}`)).statusCode).toBe(404);
    expect((await movementsOf(test.app, user, id))[0]).toMatchObject({
      kind: "delete",
      delta: -4,
      quantityAfter: 0,
      actorName: testNameOf(user.email),
    });
    expect((await send(test.app, user, "DELETE", `/api/items/${id}`)).statusCode).toBe(404);

    // Adding the same bike again is a new bike, not the cancelled one brought back.
    const again = await add("/api/items", user, body);
    expect(again.status).toBe(201);
    expect(again.id).not.toBe(id);
  });

  it("removes the item too when its owner deletes the bike from the stock list", async () => {
    const { id } = await add("/api/bikes", user, newBikeBody());
    expect((await send(test.app, user, "DELETE", `/api/bikes/${id}`)).statusCode).toBe(200);
    expect(idsOf(await itemsOf(user))).not.toContain(id);
  });
});
