import { stockPageSchema, stockStatusOf, supplierListSchema } from "@ultimate-bikes/contract/stock";
import { beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../test/api-errors.ts";
import { addBike, importUnits, listBikes } from "../../test/stock-helpers.ts";
import { everyPage, getStock, namesFound, searchStock } from "../../test/stock-search.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

/** Names in a fixed order: how two collations order "É" against "M" is not what is tested. */
const sorted = (names: string[]) => [...names].sort();

describe(`searching the stock on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["owner", "other"] });
  const { owner, other } = test.users;
  const ours = ["Ducati Élan", "Moto Guzzi Stelvio", "Ducati Monster", "Benelli Leoncino"];

  beforeAll(async () => {
    await addBike(test.app, owner, {
      name: "Ducati Élan",
      supplierName: "Motos Émile Sàrl",
      des: "A café racer for Sunday mornings.",
      price: 12000,
      quantity: 10,
    });
    await addBike(test.app, owner, {
      name: "Moto Guzzi Stelvio",
      supplierName: "Lario Imports",
      des: "An adventure bike from the lake.",
      quantity: 2,
    });
    await addBike(test.app, owner, {
      name: "Ducati Monster",
      supplierName: "Lario Imports",
      des: "A roadster with a steel frame.",
      quantity: 0,
    });
    await addBike(test.app, owner, {
      name: "Benelli Leoncino",
      supplierName: "Pesaro Moto Srl",
      des: "Watched closely: reordered early.",
      quantity: 10,
      reorderPoint: 12,
    });
  });

  it.each(["ela", "ÉLA", "Elan", "élan", "emile", "EMIL", "cafe", "CAFÉ RAC", "sundáy"])(
    "finds a word by its start in the name, supplier or description, whatever the case and accents: %s",
    async (q) => {
      expect(await namesFound(test.app, { q })).toEqual(["Ducati Élan"]);
    },
  );

  it("needs every word to match, each as the start of a word", async () => {
    const ducatis = ["Ducati Monster", "Ducati Panigale V4", "Ducati Élan"];
    expect(sorted(await namesFound(test.app, { q: "ducati" }))).toEqual(sorted(ducatis));
    expect(await namesFound(test.app, { q: "ducati mon" })).toEqual(["Ducati Monster"]);
    expect(await namesFound(test.app, { q: "  MON   duc " })).toEqual(["Ducati Monster"]);
    expect(await namesFound(test.app, { q: "ducati zzz" })).toEqual([]);
    expect(await namesFound(test.app, { q: "ucati" })).toEqual([]);
    expect(await namesFound(test.app, { q: "monster stelvio" })).toEqual([]);
  });

  it("filters by the exact supplier name, alone or with words", async () => {
    const lario = ["Ducati Monster", "Moto Guzzi Stelvio"];
    expect(await namesFound(test.app, { supplier: "Lario Imports" })).toEqual(lario);
    expect(await namesFound(test.app, { supplier: "lario imports" })).toEqual([]);
    expect(await namesFound(test.app, { supplier: "Lario" })).toEqual([]);
    expect(await namesFound(test.app, { supplier: "Lario Imports", q: "guzzi" })).toEqual([
      "Moto Guzzi Stelvio",
    ]);
  });

  it.each(["in", "low", "out"] as const)(
    "filters by stock status %s, as stockStatusOf says",
    async (status) => {
      const expected = (await listBikes(test.app))
        .filter((bike) => stockStatusOf(bike.quantity, bike.reorderPoint) === status)
        .map((bike) => bike.name);
      const { items } = await everyPage(test.app, { status });
      expect(sorted(items.map((item) => item.name))).toEqual(sorted(expected));
      expect(items.every((item) => item.status === status)).toBe(true);
    },
  );

  it("counts a bike at or below its own reorder point as low", async () => {
    expect(sorted(await namesFound(test.app, { status: "low" }))).toEqual(
      sorted(["Benelli Leoncino", "Ducati Panigale V4", "Moto Guzzi Stelvio"]),
    );
    expect(await namesFound(test.app, { status: "out" })).toEqual(["Ducati Monster"]);
  });

  it("lists only the caller's own bikes for owner=me, and asks a visitor to sign in", async () => {
    expect(sorted(await namesFound(test.app, { owner: "me" }, owner))).toEqual(sorted(ours));
    expect(await namesFound(test.app, { owner: "me" }, other)).toEqual([]);
    const visitor = await getStock(test.app, { owner: "me" });
    expect(expectError(visitor, 401).message).toBe("Please log in first.");
    expect((await getStock(test.app, {})).statusCode).toBe(200);
  });

  it("counts every match in total and ends with a null nextCursor", async () => {
    const first = await searchStock(test.app, { q: "ducati", limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first).toMatchObject({ total: 3, nextCursor: expect.any(String) });
    const last = await searchStock(test.app, { q: "ducati", limit: 2, cursor: first.nextCursor! });
    expect(last.items).toHaveLength(1);
    expect(last).toMatchObject({ total: 3, nextCursor: null });
    const { pages } = await everyPage(test.app, { q: "ducati", limit: 1 });
    expect(pages.map((page) => [page.items.length, page.total])).toEqual([
      [1, 3],
      [1, 3],
      [1, 3],
    ]);
  });

  it("answers each bike with its status, reorder point and last change, never its owner", async () => {
    const response = await getStock(test.app, { q: "elan" });
    const [elan] = stockPageSchema.parse(response.json()).items;
    expect(elan).toEqual({
      _id: expect.any(String),
      name: "Ducati Élan",
      photo: expect.any(String),
      des: "A café racer for Sunday mornings.",
      price: 12000,
      quantity: 10,
      supplierName: "Motos Émile Sàrl",
      reorderPoint: 3,
      stockNumber: expect.stringMatching(/^UB-\d{5,}$/),
      inTransit: 0,
      tracksUnits: false,
      held: 0,
      status: "in",
      updatedAt: expect.any(String),
    });
    expect(new Date(elan!.updatedAt).toISOString()).toBe(elan!.updatedAt);
    expect(response.body).not.toContain(owner.email);
  });

  it.each([
    '"',
    "*",
    ":",
    "&",
    "(",
    ")",
    "-",
    "'",
    "\\",
    "!",
    "|",
    "<->",
    "^",
    "NEAR",
    "AND OR NOT",
    '"unclosed',
    "a:*",
    "(a | b) & !c",
    "NEAR(a b, 2)",
    "name:ducati",
    "{name des}: ducati",
    "%_",
    "'; drop table bike; --",
    "🏍️ ducati",
  ])("answers query syntax in q as plain text: %j", async (q) => {
    const response = await getStock(test.app, { q });
    expect(response.statusCode, response.body).toBe(200);
    stockPageSchema.parse(response.json());
  });

  it("matches quoted words, operators and prefixes as the words they contain", async () => {
    expect(await namesFound(test.app, { q: '"ducati" mon*' })).toEqual(["Ducati Monster"]);
    expect(await namesFound(test.app, { q: "ducati & monster:*" })).toEqual(["Ducati Monster"]);
    // As FTS5 syntax this would find the Monster; as words, nothing starts with "near".
    expect(await namesFound(test.app, { q: "NEAR(ducati monster)" })).toEqual([]);
    expect(await namesFound(test.app, { q: "-ducati" })).toHaveLength(3);
    const everything = await searchStock(test.app, {});
    expect((await searchStock(test.app, { q: "   " })).total).toBe(everything.total);
    expect((await searchStock(test.app, { q: "*:&" })).total).toBe(everything.total);
  });

  describe("by relevance, the default while the search has words", () => {
    beforeAll(async () => {
      // Added out of order: neither the oldest nor the first by name is the best match.
      for (const [name, supplierName] of [
        ["Honda CB650R", "Hamamatsu Trading"],
        ["Yamaha XSR700", "Honda CB Traders"],
        ["Classic Honda CB750", "Hamamatsu Trading"],
        ["Honda CB500F", "Hamamatsu Trading"],
        ["Honda CB", "Hamamatsu Trading"],
      ]) {
        await addBike(test.app, owner, { name, supplierName });
      }
    });
    // The exact name, then names that start with the words (the seeded CBR650R too), then the
    // bikes that have the words elsewhere: each group by name.
    const best = [
      "Honda CB",
      "Honda CB500F",
      "Honda CB650R",
      "Honda CBR650R",
      "Classic Honda CB750",
      "Yamaha XSR700",
    ];

    it("lists the exact name first, then names that start with the words, then the rest", async () => {
      expect(await namesFound(test.app, { q: "honda cb" })).toEqual(best);
      expect(await namesFound(test.app, { q: "HONDA  cb", sort: "relevance" })).toEqual(best);
      // Words typed as starts of the name's words still start it.
      expect((await namesFound(test.app, { q: "hon cb" })).slice(0, 4)).toEqual(best.slice(0, 4));
    });

    it.each([1, 2, 3, 4])(
      "pages the same order %i at a time, the rank in its cursor",
      async (limit) => {
        const { items, pages } = await everyPage(test.app, { q: "honda cb", limit });
        expect(items.map((item) => item.name)).toEqual(best);
        expect(pages.every((page) => page.total === best.length)).toBe(true);
      },
    );

    it("takes a name as exact whatever its case and accents, and pages its ranks alike", async () => {
      for (const name of ["Rider Quokka", "Quokka Riders", "QUOKKA RIDER 900", "Quokka  Ridér"]) {
        await addBike(test.app, owner, { name, supplierName: "Hamamatsu Trading" });
      }
      const ranked = ["Quokka  Ridér", "QUOKKA RIDER 900", "Quokka Riders", "Rider Quokka"];
      expect(await namesFound(test.app, { q: "quokka rider" })).toEqual(ranked);
      // A first page sets a rank apart from the ones before by what they showed; a later page
      // by the rank's own condition: both find the same bikes.
      for (const limit of [1, 2, 3]) {
        const { items } = await everyPage(test.app, { q: "quokka rider", limit });
        expect(items.map((item) => item.name)).toEqual(ranked);
      }
    });

    it("keeps the other sorts, and sorts by name without words", async () => {
      const byName = await namesFound(test.app, { q: "honda cb", sort: "name" });
      expect(byName).toEqual([...best].sort());
      const everything = await namesFound(test.app, {});
      expect(await namesFound(test.app, { sort: "relevance" })).toEqual(everything);
      const page = await searchStock(test.app, { q: "honda cb", limit: 2 });
      const otherSort = await getStock(test.app, {
        q: "honda cb",
        sort: "name",
        cursor: page.nextCursor!,
      });
      expect(expectError(otherSort, 400).message).toMatch(
        /^querystring.cursor: belongs to another sort/,
      );
    });
  });

  it("lists every supplier by name with its number of bikes", async () => {
    const response = await test.app.inject("/api/suppliers");
    expect(response.statusCode).toBe(200);
    const suppliers = supplierListSchema.parse(response.json());
    const counts = new Map<string, number>();
    for (const bike of await listBikes(test.app)) {
      counts.set(bike.supplierName, (counts.get(bike.supplierName) ?? 0) + 1);
    }
    const expected = [...counts.keys()]
      .sort()
      .map((name) => ({ name, bikeCount: counts.get(name) }));
    expect(suppliers).toEqual(expected);
    expect(suppliers).toContainEqual({ name: "Lario Imports", bikeCount: 2 });
  });

  it("moves a bike out of low stock once it rises above its reorder point", async () => {
    const [benelli] = (await searchStock(test.app, { q: "leoncino" })).items;
    expect(benelli).toMatchObject({ quantity: 10, reorderPoint: 12, status: "low" });
    expect((await importUnits(test.app, owner, benelli!._id, 3)).statusCode).toBe(200);
    expect(await namesFound(test.app, { status: "low", q: "leoncino" })).toEqual([]);
    expect(await namesFound(test.app, { status: "in", q: "leoncino" })).toEqual([
      "Benelli Leoncino",
    ]);
  });
});
