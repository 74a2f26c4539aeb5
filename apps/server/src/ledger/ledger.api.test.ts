import {
  ledgerPageSchema,
  ledgerPeopleSchema,
  type LedgerEntry,
} from "@ultimate-bikes/contract/ledger";
import { describe, expect, it } from "vitest";
import { signUp, testNameOf, type TestUser } from "../../test/accounts.ts";
import { fieldsOf } from "../../test/api-errors.ts";
import { placesByName, sendTransferDirectly } from "../../test/place-fixtures.ts";
import { addBike, deliver, importUnits, send, UNKNOWN_BIKE_ID } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

const today = () => new Date().toISOString().slice(0, 10);
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe(`the whole ledger on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["first", "second"] });
  const { first, second } = test.users;

  async function ledger(query: string, user: TestUser = first) {
    const response = await send(test.app, user, "GET", `/api/movements?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return ledgerPageSchema.parse(response.json());
  }
  const kindsAndBikes = (items: LedgerEntry[]) =>
    items.map(({ kind, bikeId }) => `${kind} ${bikeId}`);

  it("filters by bike, person and kind, alone or together, newest first", async () => {
    const a = await addBike(test.app, first, { name: "Ledger A", quantity: 10 });
    const b = await addBike(test.app, first, { name: "Ledger B", quantity: 10 });
    await deliver(test.app, first, a);
    await importUnits(test.app, first, b, 4);
    await deliver(test.app, second, b);
    await deliver(test.app, first, a);

    const ofA = await ledger(`bikeId=${a}`);
    expect(kindsAndBikes(ofA.items)).toEqual([`deliver ${a}`, `deliver ${a}`, `create ${a}`]);
    expect(ofA.items[0]).toMatchObject({ bikeName: "Ledger A", delta: -1, quantityAfter: 8 });
    expect(ofA.items.map((item) => item.id)).toEqual(
      [...ofA.items.map((item) => item.id)].sort((x, y) => y - x),
    );

    const secondId = (await send(test.app, second, "GET", "/api/account")).json() as { id: string };
    const bySecond = await ledger(`actor=${encodeURIComponent(secondId.id)}`);
    expect(kindsAndBikes(bySecond.items)).toEqual([`deliver ${b}`]);
    expect(bySecond.items[0]!.actorName).toBe(testNameOf(second.email));

    expect(kindsAndBikes((await ledger(`bikeId=${b}&kind=import`)).items)).toEqual([`import ${b}`]);
    const deliveries = await ledger("kind=deliver&limit=100");
    expect(deliveries.items.every((item) => item.kind === "deliver")).toBe(true);
    expect(deliveries.items.filter((item) => [a, b].includes(item.bikeId))).toHaveLength(3);
  });

  it("takes dates as whole UTC days, inclusive", async () => {
    const bike = await addBike(test.app, first);
    await deliver(test.app, first, bike);
    expect((await ledger(`bikeId=${bike}&from=${today()}&to=${today()}`)).items).toHaveLength(2);
    expect((await ledger(`bikeId=${bike}&from=${dayFromToday(1)}`)).items).toHaveLength(0);
    expect((await ledger(`bikeId=${bike}&to=${dayFromToday(-1)}`)).items).toHaveLength(0);
    const backwards = await send(
      test.app,
      first,
      "GET",
      `/api/movements?from=${today()}&to=${dayFromToday(-1)}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(fieldsOf(backwards)).toEqual(["querystring.to"]);
  });

  it("pages with no duplicate or gap while movements are added between pages", async () => {
    const bike = await addBike(test.app, first, { quantity: 50 });
    for (let index = 0; index < 6; index++) await deliver(test.app, first, bike);
    const before = (await ledger(`bikeId=${bike}&limit=100`)).items.map((item) => item.id);
    expect(before).toHaveLength(7);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await ledger(`bikeId=${bike}&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      // A colleague keeps delivering: newer movements never show on older pages.
      await deliver(test.app, second, bike);
    } while (cursor);
    expect(seen.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(seen).toEqual(before);
  });

  it("refuses a bad filter or cursor with a 400 naming it", async () => {
    for (const [query, field] of [
      ["cursor=abc", "querystring.cursor"],
      ["cursor=-4", "querystring.cursor"],
      ["kind=stolen", "querystring.kind"],
      ["from=yesterday", "querystring.from"],
      ["limit=500", "querystring.limit"],
      ["bikeId=not-a-bike", "querystring.bikeId"],
      ["place=khulna", "querystring.place"],
      ["colour=red", "querystring"],
    ] as const) {
      const response = await send(test.app, first, "GET", `/api/movements?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(fieldsOf(response)?.join(" "), query).toContain(field);
    }
  });

  it("exports the filtered ledger as CSV, safe for spreadsheets", async () => {
    const bike = await addBike(test.app, first, { name: "=cmd() Ledger CSV", quantity: 3 });
    await deliver(test.app, first, bike);
    const response = await send(test.app, first, "GET", `/api/movements.csv?bikeId=${bike}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="ledger-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = response.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "id,when,bike id,bike,who,kind,place,place change,change,quantity after,transfer,reference,changes",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `,${bike},'=cmd() Ledger CSV,${testNameOf(first.email)},deliver,Main warehouse,-1,-1,2,,,`,
    );
    expect(lines[2]).toContain(",create,Main warehouse,3,3,3,,,");
  });

  it("filters by place, its CSV naming each movement's place and transfer", async () => {
    const places = await placesByName(test.app, first);
    const warehouse = places.get("Main warehouse")!.id;
    const khulna = places.get("Khulna showroom")!.id;
    const bike = await addBike(test.app, first, { name: "Ledger places", quantity: 5 });
    const atKhulna = (path: string, body: Record<string, unknown>) =>
      send(test.app, first, "POST", `/api/bikes/${bike}/${path}`, { ...body, placeId: khulna });
    expect((await atKhulna("imports", { amount: 4 })).statusCode).toBe(200);
    expect((await atKhulna("deliveries", { amount: 1 })).statusCode).toBe(200);
    const transfer = await sendTransferDirectly(
      test,
      [{ bikeId: bike, quantity: 2 }],
      warehouse,
      khulna,
    );
    const number = `T-${String(transfer.number).padStart(6, "0")}`;

    const inKhulna = await ledger(`bikeId=${bike}&place=${khulna}`);
    expect(inKhulna.items.map(({ kind, placeDelta }) => [kind, placeDelta])).toEqual([
      ["deliver", -1],
      ["import", 4],
    ]);
    expect(inKhulna.items.every((item) => item.place?.name === "Khulna showroom")).toBe(true);
    const inWarehouse = await ledger(`bikeId=${bike}&place=${warehouse}`);
    expect(
      inWarehouse.items.map(({ kind, transfer: sent }) => [kind, sent?.number ?? null]),
    ).toEqual([
      ["send", number],
      ["create", null],
    ]);
    // A place with no movements of the bike, and one no place has: nothing, not an error.
    expect(
      (await ledger(`bikeId=${bike}&place=${places.get("Sylhet showroom")!.id}`)).items,
    ).toEqual([]);
    expect((await ledger(`place=${UNKNOWN_BIKE_ID}`)).items).toEqual([]);

    const csv = await send(
      test.app,
      first,
      "GET",
      `/api/movements.csv?bike=Ledger%20places&place=${warehouse}`,
    );
    const [header, sent, created, ...rest] = csv.body.trimEnd().split("\r\n");
    expect(header).toContain(",kind,place,place change,change,quantity after,transfer,reference,");
    expect(sent).toContain(`,send,Main warehouse,-2,0,8,${number},,`);
    expect(created).toContain(",create,Main warehouse,5,5,5,,,");
    expect(rest).toEqual([]);
  });

  it("keeps the order or invoice a delivery or an import was for", async () => {
    const bike = await addBike(test.app, first, { quantity: 5 });
    const post = (path: string, body: Record<string, unknown>) =>
      send(test.app, first, "POST", `/api/bikes/${bike}/${path}`, body);
    expect((await post("deliveries", { reference: "  SO-2026-117 " })).statusCode).toBe(200);
    expect((await post("imports", { amount: 3, reference: "INV 88/4" })).statusCode).toBe(200);
    expect((await post("deliveries", { reference: "" })).statusCode).toBe(200);
    const tooLong = await post("imports", { amount: 1, reference: "x".repeat(81) });
    expect(fieldsOf(tooLong)).toEqual(["body.reference"]);
    const lineBreak = await post("deliveries", { reference: "a\nb" });
    expect(fieldsOf(lineBreak)).toEqual(["body.reference"]);

    const { items } = await ledger(`bikeId=${bike}`);
    expect(items.map(({ kind, reference }) => [kind, reference])).toEqual([
      ["deliver", null],
      ["import", "INV 88/4"],
      ["deliver", "SO-2026-117"],
      ["create", null],
    ]);
  });

  it("names the people who appear in the ledger", async () => {
    await deliver(test.app, second, await addBike(test.app, first));
    const people = ledgerPeopleSchema.parse(
      (await send(test.app, first, "GET", "/api/movements/people")).json(),
    );
    expect(people.map((person) => person.name)).toEqual(
      expect.arrayContaining([testNameOf(first.email), testNameOf(second.email)]),
    );
  });

  it("lists the people by name ignoring case", async () => {
    const tag = Date.now();
    for (const email of [`Bea-${tag}@example.com`, `abe-${tag}@example.com`]) {
      await addBike(test.app, await signUp(test.app, email));
    }
    const people = ledgerPeopleSchema.parse(
      (await send(test.app, first, "GET", "/api/movements/people")).json(),
    );
    const names = people.map((person) => person.name).filter((name) => name.endsWith(`-${tag}`));
    expect(names).toEqual([`Staff abe-${tag}`, `Staff Bea-${tag}`]);
  });
});
