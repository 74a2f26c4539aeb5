import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import { importPreviewSchema, importResultSchema } from "@ultimate-bikes/contract/stock-csv";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../test/accounts.ts";
import { addPlaceDirectly, placesByName, sendTransferDirectly } from "../../test/place-fixtures.ts";
import { addBike, movementsOf, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

const HEADER = "id,name,supplier,price,quantity,reorder point,description,photo";
const PHOTO = "/images/bikes/honda-cbr650r.svg";
const SEEDED_PLACES =
  "Main warehouse,Chittagong showroom,Dhaka showroom,Khulna showroom,Rajshahi showroom,Sylhet showroom";

const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

/** A row adding a bike of `quantity` units at `place` (empty: the importer's default place). */
const newRow = (name: string, quantity: number, place: string) =>
  `,${name},CSV Places Ltd.,999.00,${quantity},3,From a spreadsheet.,${PHOTO},${place}`;

function postCsv(app: FastifyInstance, user: TestUser, path: string, csv: string) {
  return send(app, user, "POST", `/api/stock/${path}`, csv, { "content-type": "text/csv" });
}

describe(`CSV places: columns out, a place column in, on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff"] });
  const { staff } = test.users;

  const stockOf = async (id: string) =>
    bikeSchema.parse((await test.app.inject(`/api/bikes/${id}`)).json()).stock;
  const bikeNamed = async (name: string) => {
    const page = (await test.app.inject(`/api/stock?q=${encodeURIComponent(name)}`)).json() as {
      items: { _id: string; name: string }[];
    };
    return page.items.find((item) => item.name === name)?._id;
  };
  const exported = async (query: string) => {
    const response = await send(test.app, staff, "GET", `/api/stock/export.csv?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };

  it("exports a column a place, by its name, and the units in transit, which add up to the quantity", async () => {
    const places = await placesByName(test.app, staff);
    const warehouse = places.get("Main warehouse")!.id;
    const khulna = places.get("Khulna showroom")!.id;
    const name = unique("Exported places");
    const bike = await addBike(test.app, staff, { name, quantity: 5 });
    const atKhulna = { amount: 3, placeId: khulna };
    expect(
      (await send(test.app, staff, "POST", `/api/bikes/${bike}/imports`, atKhulna)).statusCode,
    ).toBe(200);
    await sendTransferDirectly(test, [{ bikeId: bike, quantity: 2 }], warehouse, khulna);

    const csv = await exported(`columns=id,quantity&q=${encodeURIComponent(name)}`);
    expect(csv).toBe(`id,quantity,${SEEDED_PLACES},In transit\r\n${bike},8,3,0,0,3,0,0,2\r\n`);
    // Without the quantity, no units anywhere.
    expect(await exported(`columns=id,name&q=${encodeURIComponent(name)}`)).toBe(
      `id,name\r\n${bike},${name}\r\n`,
    );
  });

  it("names a place's column apart from the others', quoted when it must be, and reads the file back", async () => {
    await addPlaceDirectly(test, "Price");
    await addPlaceDirectly(test, 'Quote "Q", Co');
    await addPlaceDirectly(test, "Closed showroom", { archived: true });
    const name = unique("Clashing places");
    const bike = await addBike(test.app, staff, { name, quantity: 1 });

    const csv = await exported(`q=${encodeURIComponent(name)}`);
    const [header, row] = csv.split("\r\n");
    // By name after the main warehouse; an archived place holding nothing has no column.
    expect(header).toBe(
      `${HEADER},Main warehouse,Chittagong showroom,Dhaka showroom,Khulna showroom,At Price,"Quote ""Q"", Co",Rajshahi showroom,Sylhet showroom,In transit`,
    );
    expect(row).toMatch(new RegExp(`^${bike},.*,1,0,0,0,0,0,0,0,0$`));

    // The export imported as it is changes nothing: its place columns are read past.
    const preview = importPreviewSchema.parse(
      (await postCsv(test.app, staff, "import-preview", csv)).json(),
    );
    expect(preview.problems).toEqual([]);
    expect(preview.summary).toEqual({ create: 0, update: 0, unchanged: 1, error: 0 });
  });

  it("puts each row's units at the place it names, any case, else at the importer's default place", async () => {
    const places = await placesByName(test.app, staff);
    const existing = await addBike(test.app, staff, { name: unique("Restocked"), quantity: 2 });
    const names = [unique("At Khulna"), unique("At the default")];
    const csv = [
      `${HEADER},Place`,
      newRow(names[0]!, 4, "  khulna SHOWROOM "),
      newRow(names[1]!, 3, ""),
      `${existing},,,,5,,,,Sylhet showroom`,
    ].join("\n");
    const response = await postCsv(test.app, staff, "imports", csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(importResultSchema.parse(response.json())).toEqual({
      created: 2,
      updated: 1,
      unchanged: 0,
    });

    const atKhulna = (await bikeNamed(names[0]!))!;
    expect(await stockOf(atKhulna)).toEqual([
      { placeId: places.get("Khulna showroom")!.id, place: "Khulna showroom", quantity: 4 },
    ]);
    expect(await stockOf((await bikeNamed(names[1]!))!)).toEqual([
      expect.objectContaining({ place: "Main warehouse", quantity: 3 }),
    ]);
    expect((await stockOf(existing)).map(({ place, quantity }) => [place, quantity])).toEqual([
      ["Main warehouse", 2],
      ["Sylhet showroom", 3],
    ]);
    const [imported] = await movementsOf(test.app, staff, existing, 1);
    expect(imported).toMatchObject({
      kind: "import",
      delta: 3,
      placeDelta: 3,
      place: { name: "Sylhet showroom" },
    });
    expect((await movementsOf(test.app, staff, atKhulna, 1))[0]).toMatchObject({
      kind: "create",
      place: { name: "Khulna showroom" },
    });
  });

  it("refuses an unknown or archived place, naming the row and the place, and imports nothing", async () => {
    await addPlaceDirectly(test, "Old showroom", { archived: true });
    const good = unique("Never imported");
    const csv = [
      `${HEADER},place`,
      newRow(good, 1, "Main warehouse"),
      newRow(unique("Lost"), 1, "Barisal showroom"),
      newRow(unique("Closed"), 1, "old showroom"),
    ].join("\n");
    const refused = await postCsv(test.app, staff, "imports", csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: "The file has 2 problems. Nothing was imported.",
      fields: [
        { field: "line 3, place", message: 'names no place: "Barisal showroom"' },
        {
          field: "line 4, place",
          message: "names Old showroom, which is archived: it takes no new stock",
        },
      ],
    });
    expect(await bikeNamed(good)).toBeUndefined();
  });
});
