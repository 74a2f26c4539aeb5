import type { Bike, NewBike } from "@ultimate-bikes/contract/bikes";
import { stockQuerySchema } from "@ultimate-bikes/contract/stock";
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./stock-cursor.ts";
import type { LedgerRepository } from "../ledger/ledger-repository.ts";
import type { DeletedBikesRepository } from "./deleted-bikes-repository.ts";
import type { StockRepository } from "./stock-repository.ts";
import { createStockRules, type StockRules } from "./stock-rules.ts";
import type { UnitsRepository } from "../units/units-repository.ts";
import type { StockSearch } from "./stock-search.ts";

const ID = "0b0d7a3e-4f4e-4b8e-9f8e-2a4d5c6b7a80";
const me = { id: "me", email: "me@example.com", role: "staff" } as const;
const bike = (quantity: number): Bike => ({
  _id: ID,
  name: "Bike",
  photo: "/bike.svg",
  des: "A bike.",
  price: 10,
  quantity,
  supplierName: "Supplier",
  reorderPoint: 3,
  stockNumber: "UB-00001",
  stock: [{ placeId: "main", place: "Main warehouse", quantity }],
  inTransit: 0,
  tracksUnits: false,
  held: 0,
});

type Queries = StockRepository &
  DeletedBikesRepository &
  LedgerRepository &
  StockSearch &
  Pick<UnitsRepository, "lookup">;

/**
 * Repositories and a search that answer every call with `answers`, recording what the rules
 * asked of them.
 */
function stockWith(answers: Partial<Record<keyof Queries, unknown>> = {}) {
  const calls: Record<string, unknown[][]> = {};
  const queries = new Proxy({} as Queries, {
    get:
      (_target, name: string) =>
      async (...args: unknown[]) => {
        (calls[name] ??= []).push(args);
        return answers[name as keyof Queries];
      },
  });
  return {
    stock: createStockRules(
      { bikes: queries, deletedBikes: queries, ledger: queries, units: queries },
      queries,
    ),
    calls,
  };
}

describe("quantity changes", () => {
  it.each([
    ["a delivery from an empty stock", "empty", (stock: StockRules) => stock.deliver(ID, me)],
    [
      "an import past the most one bike holds",
      "too-many",
      (stock: StockRules) => stock.importUnits(ID, 5, me),
    ],
    [
      "a Delivered from a quantity that moved on",
      "stale",
      (stock: StockRules) => stock.deliverFrom(ID, 4, me),
    ],
  ] as const)("calls %s a conflict: %s", async (_label, reason, change) => {
    const { stock } = stockWith({ changeQuantity: { currentQuantity: 0 } });
    expect(await change(stock)).toEqual({ status: "conflict", reason, currentQuantity: 0 });
  });

  it("answers a change to a missing bike with no-such-bike", async () => {
    const { stock } = stockWith({ changeQuantity: undefined });
    expect(await stock.deliver(ID, me)).toEqual({ status: "no-such-bike" });
  });

  it("imports 0 units by reading the bike, never by changing it", async () => {
    const { stock, calls } = stockWith({ findById: bike(4) });
    expect(await stock.importUnits(ID, 0, me)).toEqual({ status: "done", value: bike(4) });
    expect(calls.changeQuantity).toBeUndefined();
  });
});

describe("a new total (the original PUT)", () => {
  it("needs the total it started from, and never lowers the stock", async () => {
    const { stock, calls } = stockWith();
    expect(await stock.setTotal(ID, 8, undefined, me)).toEqual({
      status: "starting-total-missing",
    });
    expect(await stock.setTotal(ID, 3, 8, me)).toEqual({ status: "total-below-starting-total" });
    expect(calls).toEqual({});
  });

  it("imports the difference only from the starting total", async () => {
    const { stock, calls } = stockWith({ changeQuantity: { bike: bike(8) } });
    expect(await stock.setTotal(ID, 8, 5, me)).toEqual({ status: "done", value: bike(8) });
    expect(calls.changeQuantity).toEqual([
      [
        ID,
        3,
        "import",
        me,
        { expected: 5, reference: undefined, units: undefined, unitId: undefined, admin: false },
      ],
    ]);
  });

  it("accepts an unchanged total only while the stock is still that total", async () => {
    expect(await stockWith({ findById: bike(7) }).stock.setTotal(ID, 7, 7, me)).toEqual({
      status: "done",
      value: bike(7),
    });
    expect(await stockWith({ findById: bike(12) }).stock.setTotal(ID, 7, 7, me)).toEqual({
      status: "conflict",
      reason: "stale",
      currentQuantity: 12,
    });
  });
});

describe("who may remove a bike", () => {
  it.each([
    ["their own bike", "me", "bikes", { status: "done", value: { deletedCount: 1 } }],
    ["their own item", "me", "items", { status: "done", value: { deletedCount: 1 } }],
    [
      "warehouse stock from Manage Inventory",
      null,
      "bikes",
      { status: "done", value: { deletedCount: 1 } },
    ],
    [
      "warehouse stock from My Items",
      null,
      "items",
      { status: "forbidden", reason: "cancel-another-users-item" },
    ],
    [
      "another user's bike",
      "them",
      "bikes",
      { status: "forbidden", reason: "remove-another-users-bike" },
    ],
    [
      "another user's item",
      "them",
      "items",
      { status: "forbidden", reason: "cancel-another-users-item" },
    ],
  ] as const)("answers a user removing %s", async (_label, ownerId, via, outcome) => {
    const { stock } = stockWith({ ownerOf: { ownerId }, delete: true });
    expect(await stock.remove(ID, me, via)).toEqual(outcome);
  });
});

describe("who may restore a deleted bike", () => {
  const member = { ...me, role: "member" } as const;

  it.each([
    ["staff, warehouse stock", me, null, { status: "done", value: bike(4) }],
    ["staff, another user's bike", me, "them", { status: "done", value: bike(4) }],
    ["a member, their own bike", member, "me", { status: "done", value: bike(4) }],
    [
      "a member, warehouse stock",
      member,
      null,
      { status: "forbidden", reason: "restore-warehouse-stock-as-member" },
    ],
    [
      "a member, another user's bike",
      member,
      "them",
      { status: "forbidden", reason: "restore-another-users-bike" },
    ],
  ] as const)("answers %s", async (_label, caller, ownerId, outcome) => {
    const { stock, calls } = stockWith({ ownerOfDeleted: { ownerId }, restore: bike(4) });
    expect(await stock.restore(ID, caller)).toEqual(outcome);
    expect(calls.restore ?? []).toHaveLength(outcome.status === "done" ? 1 : 0);
  });

  it("answers a bike not in Recently deleted, or restored meanwhile, with no-such-bike", async () => {
    expect(await stockWith({ ownerOfDeleted: undefined }).stock.restore(ID, me)).toEqual({
      status: "no-such-bike",
    });
    const raced = stockWith({ ownerOfDeleted: { ownerId: null }, restore: undefined });
    expect(await raced.stock.restore(ID, me)).toEqual({ status: "no-such-bike" });
  });

  it("lists Recently deleted with the time each may be purged", async () => {
    const deletedAt = "2026-11-22T10:00:00.000Z";
    const { stock } = stockWith({
      listDeleted: [{ bike: bike(4), deletedAt, deletedBy: "Staff me" }],
    });
    expect(await stock.deletedBikes(30)).toEqual({
      items: [
        { ...bike(4), deletedAt, deletedBy: "Staff me", purgeAt: "2026-12-22T10:00:00.000Z" },
      ],
      retentionDays: 30,
    });
  });
});

describe("adding a bike", () => {
  const newBike: NewBike = {
    name: "Bike",
    photo: "/bike.svg",
    des: "A bike.",
    price: 10,
    quantity: 1,
    supplierName: "Supplier",
  };

  it("refuses another user's email with the message of the route it came through", async () => {
    const { stock, calls } = stockWith();
    const theirs = { ...newBike, email: "them@example.com" };
    expect(await stock.add(theirs, me, "bikes")).toEqual({
      status: "forbidden",
      reason: "add-bike-under-another-email",
    });
    expect(await stock.add(theirs, me, "items")).toEqual({
      status: "forbidden",
      reason: "add-item-under-another-email",
    });
    expect(calls).toEqual({});
  });

  it("answers the second insert through /items with its twin, and only there", async () => {
    const { stock, calls } = stockWith({ findRecentTwin: "twin", create: "new" });
    expect(await stock.add(newBike, me, "items")).toEqual({
      status: "done",
      value: { id: "twin", created: false },
    });
    expect(await stock.add(newBike, me, "bikes")).toEqual({
      status: "done",
      value: { id: "new", created: true },
    });
    expect(calls.findRecentTwin).toHaveLength(1);
  });
});

describe("My Items", () => {
  it("lists only for the holder of a token issued to that email", async () => {
    const { stock, calls } = stockWith({ listOwnedBy: [] });
    const refused = { status: "forbidden", reason: "list-another-users-items" };
    expect(await stock.itemsOf(me.email, null)).toEqual(refused);
    expect(await stock.itemsOf(me.email, "them@example.com")).toEqual(refused);
    expect(await stock.itemsOf(me.email, me.email)).toEqual({ status: "done", value: [] });
    expect(calls.listOwnedBy).toEqual([[me.email]]);
  });
});

describe("searching the stock", () => {
  const query = (input: Record<string, string>) => stockQuerySchema.parse(input);
  const updatedAt = "2026-11-22T10:00:00.000Z";

  it("searches folded words with the filters and labels each bike's stock", async () => {
    const found = [
      { ...bike(2), updatedAt },
      { ...bike(0), updatedAt },
    ];
    const { stock, calls } = stockWith({ page: { items: found, last: undefined, total: 2 } });
    const outcome = await stock.search(
      query({ q: " Ducati-ÉLAN ", supplier: "Supplier", status: "low", limit: "2" }),
      "me",
    );
    expect(calls.page).toEqual([
      [
        { words: ["ducati", "elan"], supplier: "Supplier", status: "low", ownerId: "me" },
        "relevance",
        2,
        undefined,
      ],
    ]);
    expect(outcome).toEqual({
      status: "done",
      value: {
        items: [
          { ...found[0], status: "low" },
          { ...found[1], status: "out" },
        ],
        nextCursor: null,
        total: 2,
      },
    });
  });

  it("gives a cursor for the next page that starts after the last bike shown", async () => {
    const last = { key: 1999, id: ID };
    const { stock, calls } = stockWith({ page: { items: [], last, total: 9 } });
    const first = await stock.search(query({ sort: "-price" }));
    const cursor = first.status === "done" ? first.value.nextCursor : null;
    expect(decodeCursor(cursor!, "-price")).toEqual(last);
    await stock.search(query({ sort: "-price", cursor: cursor! }));
    expect(calls.page?.[1]?.[3]).toEqual(last);
  });

  it.each([
    ["text that is no cursor", "not a cursor!", "malformed"],
    [
      "a cursor with a key of the wrong kind",
      encodeCursor("price", { key: "x", id: ID }),
      "malformed",
    ],
    ["a cursor of another sort", encodeCursor("-name", { key: "Bike", id: ID }), "other-sort"],
  ])("refuses %s without searching", async (_label, cursor, problem) => {
    const { stock, calls } = stockWith();
    expect(await stock.search(query({ sort: "price", cursor }))).toEqual({
      status: "unusable-cursor",
      problem,
    });
    expect(calls).toEqual({});
  });
});
