import { TEXT_MAX } from "@ultimate-bikes/contract/bikes";
import { STOCK_SORTS, type StockItem, type StockSort } from "@ultimate-bikes/contract/stock";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { fieldsOf } from "../../test/api-errors.ts";
import { addBike, deliver, listBikes, send } from "../../test/stock-helpers.ts";
import { everyPage, getStock, searchStock } from "../../test/stock-search.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

const SORTING = "Sortwell Supply";

/** The value each sort orders by, as the answer shows it (`created` has none: see below). */
const shownKey: Record<string, (item: StockItem) => string | number> = {
  // Without words, every bike has the same rank: the name order.
  relevance: (item) => item.name,
  name: (item) => item.name,
  price: (item) => item.price,
  quantity: (item) => item.quantity,
  updated: (item) => item.updatedAt,
};

/** Sorted as the API promises: by the key, then by id, both in the sort's direction. */
function inOrder(items: StockItem[], sort: StockSort): StockItem[] {
  const descending = sort.startsWith("-");
  const key = shownKey[descending ? sort.slice(1) : sort]!;
  const ascending = [...items].sort((a, b) => {
    const [keyA, keyB] = [key(a), key(b)];
    if (keyA !== keyB) return keyA < keyB ? -1 : 1;
    return a._id < b._id ? -1 : 1;
  });
  return descending ? ascending.reverse() : ascending;
}

const cursorOf = (content: unknown) =>
  Buffer.from(typeof content === "string" ? content : JSON.stringify(content)).toString(
    "base64url",
  );

describe(`paging through the stock on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["owner", "filler"] });
  const { owner, filler } = test.users;

  beforeAll(async () => {
    // Ties in name, price and quantity, so the id has to break them.
    const bikes = [
      ["Pager Alpha", 250, 4],
      ["Pager Bravo", 100, 0],
      ["Pager Delta", 250, 4],
      ["Pager Delta", 999.99, 9],
      ["Pager Echo", 5, 1],
      ["Pager Golf", 250, 4],
      ["Pager Hotel", 40, 30],
      ["Pager India", 100, 12],
    ] as const;
    const ids: string[] = [];
    for (const [name, price, quantity] of bikes) {
      ids.push(await addBike(test.app, owner, { name, price, quantity, supplierName: SORTING }));
    }
    // Changed since they were added: the last-changed order is not the insertion order.
    for (const index of [3, 0]) await deliver(test.app, owner, ids[index]!);
  });

  it.each(STOCK_SORTS)(
    "pages through sort=%s in order, every bike once, total on every page",
    async (sort) => {
      const { items, pages } = await everyPage(test.app, { supplier: SORTING, sort, limit: 3 });
      expect(pages.map((page) => page.items.length)).toEqual([3, 3, 2]);
      expect(pages.map((page) => page.total)).toEqual([8, 8, 8]);
      expect(pages.map((page) => page.nextCursor === null)).toEqual([false, false, true]);
      expect(new Set(items.map((item) => item._id)).size).toBe(8);
      const field = sort.replace("-", "");
      if (field !== "created") {
        expect(items.map((item) => item._id)).toEqual(inOrder(items, sort).map((item) => item._id));
        return;
      }
      // Insertion order is the order GET /api/bikes has always listed.
      const listed = (await listBikes(test.app)).filter((bike) => bike.supplierName === SORTING);
      const created = listed.map((bike) => bike._id);
      expect(items.map((item) => item._id)).toEqual(
        sort === "created" ? created : created.reverse(),
      );
    },
  );

  it("answers as many bikes as the limit asks, 24 when it says nothing", async () => {
    while ((await searchStock(test.app, {})).total <= 24) await addBike(test.app, filler);
    const { total } = await searchStock(test.app, {});
    const byDefault = await searchStock(test.app, {});
    expect(byDefault.items).toHaveLength(24);
    expect(byDefault.nextCursor).not.toBeNull();
    expect((await searchStock(test.app, { limit: 1 })).items).toHaveLength(1);
    const most = await searchStock(test.app, { limit: 100 });
    expect(most.items).toHaveLength(Math.min(total, 100));
  });

  it("never repeats or skips a bike while others are added and removed between pages", async () => {
    const flux = `Flux Works ${randomUUID().slice(0, 8)}`;
    const ids = new Map<string, string>();
    const add = async (name: string) =>
      ids.set(name, await addBike(test.app, owner, { name, supplierName: flux }));
    const remove = async (name: string) =>
      expect(
        (await send(test.app, owner, "DELETE", `/api/bikes/${ids.get(name)}`)).statusCode,
      ).toBe(200);
    for (let index = 0; index < 10; index++) await add(`Flux 0${index}`);

    const { items, pages } = await everyPage(
      test.app,
      { supplier: flux, limit: 3 },
      owner,
      async (_page, index) => {
        if (index === 0) {
          // Shown so far: 00, 01, 02. The bike the cursor ends on goes, and one not yet shown.
          await remove("Flux 02");
          await remove("Flux 05");
          await add("Flux 015");
          await add("Flux 10");
        }
        if (index === 1) {
          // Shown so far: up to 06.
          await add("Flux 065");
          await remove("Flux 03");
          await remove("Flux 07");
        }
      },
    );
    expect(pages.map((page) => page.items.map((item) => item.name))).toEqual([
      ["Flux 00", "Flux 01", "Flux 02"],
      ["Flux 03", "Flux 04", "Flux 06"],
      ["Flux 065", "Flux 08", "Flux 09"],
      ["Flux 10"],
    ]);
    expect(pages.map((page) => page.total)).toEqual([10, 10, 9, 9]);
    expect(new Set(items.map((item) => item._id)).size).toBe(items.length);
  });

  it.each([
    ["an unknown sort", { sort: "colour" }, "sort"],
    ["two sorts at once", { sort: "price,name" }, "sort"],
    ["a limit of 0", { limit: 0 }, "limit"],
    ["a limit of 101", { limit: 101 }, "limit"],
    ["a limit that is no number", { limit: "x" }, "limit"],
    ["a limit with decimals", { limit: "1.5" }, "limit"],
    ["an unknown status", { status: "x" }, "status"],
    ["an owner other than me", { owner: "you" }, "owner"],
    ["an unknown parameter", { page: 2 }, "page"],
    ["an offset", { offset: 48 }, "offset"],
    ["a search over 200 characters", { q: "a".repeat(201) }, "q"],
    ["a blank supplier", { supplier: "  " }, "supplier"],
    ["an empty cursor", { cursor: "" }, "cursor"],
    ["garbage for a cursor", { cursor: "!!not*a*cursor!!" }, "cursor"],
    ["a cursor over 1,000 characters", { cursor: "A".repeat(1001) }, "cursor"],
    ["base64 of text that is no JSON", { cursor: cursorOf("no json here") }, "cursor"],
    ["base64 of other JSON", { cursor: cursorOf({ page: 2 }) }, "cursor"],
    ["base64 of a JSON list", { cursor: cursorOf(["name", "x", randomUUID()]) }, "cursor"],
    ["base64 of null", { cursor: cursorOf("null") }, "cursor"],
    [
      "a cursor whose id is SQL",
      { cursor: cursorOf({ sort: "name", key: "x", id: "' or 1=1 --" }) },
      "cursor",
    ],
    [
      "a cursor whose key is of the wrong kind",
      { sort: "price", cursor: cursorOf({ sort: "price", key: "cheap", id: randomUUID() }) },
      "cursor",
    ],
    [
      "a cursor whose time is no time",
      {
        sort: "updated",
        cursor: cursorOf({ sort: "updated", key: "yesterday", id: randomUUID() }),
      },
      "cursor",
    ],
  ])("answers %s with a 400 naming it", async (_label, params, field) => {
    expect(fieldsOf(await getStock(test.app, params))).toEqual([`querystring.${field}`]);
  });

  it("pages on after the longest name there can be", async () => {
    const longest = "語".repeat(TEXT_MAX);
    const supplier = `Long Names ${randomUUID().slice(0, 8)}`;
    for (let copy = 0; copy < 2; copy++) {
      await addBike(test.app, owner, { name: longest, supplierName: supplier });
    }
    const { pages } = await everyPage(test.app, { supplier, sort: "-name", limit: 1 });
    expect(pages.map((page) => page.items.length)).toEqual([1, 1]);
  });

  it("refuses a cursor made for another sort, and a repeated parameter, with a 400", async () => {
    const { nextCursor } = await searchStock(test.app, { sort: "price", limit: 1 });
    for (const sort of ["name", "-price", "created"]) {
      const response = await getStock(test.app, { sort, cursor: nextCursor! });
      expect(fieldsOf(response)).toEqual(["querystring.cursor"]);
    }
    const twice = await send(test.app, undefined, "GET", "/api/stock?q=a&q=b");
    expect(fieldsOf(twice)).toEqual(["querystring.q"]);
  });
});
