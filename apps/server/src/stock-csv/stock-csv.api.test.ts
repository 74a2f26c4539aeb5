import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import { importPreviewSchema, importResultSchema } from "@ultimate-bikes/contract/stock-csv";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../test/accounts.ts";
import { signUpAs } from "../../test/roles.ts";
import { addBike, movementsOf, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

const HEADER = "id,name,supplier,price,quantity,reorder point,description,photo";
const PHOTO = "/images/bikes/honda-cbr650r.svg";

/** A row adding a bike, with a name of its own. */
const newRow = (name: string, fields: { price?: string; quantity?: string } = {}) =>
  `,${name},CSV Imports Ltd.,${fields.price ?? "4999.50"},${fields.quantity ?? "5"},3,A bike from a spreadsheet.,${PHOTO}`;

const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

function postCsv(app: FastifyInstance, user: TestUser | undefined, path: string, csv: string) {
  return send(app, user, "POST", `/api/stock/${path}`, csv, { "content-type": "text/csv" });
}

async function bikeNamed(app: FastifyInstance, name: string) {
  const page = (await app.inject(`/api/stock?q=${encodeURIComponent(name)}&limit=100`)).json() as {
    items: { _id: string; name: string }[];
  };
  return page.items.find((item) => item.name === name);
}

describe(`CSV import and export on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff", "colleague"] });
  const { staff, colleague } = test.users;

  describe("export", () => {
    it("writes every bike with a header, in the columns asked for, safe for spreadsheets", async () => {
      const name = `=HYPERLINK("x") ${unique("Formula")}`;
      const id = await addBike(test.app, staff, {
        name,
        des: 'Says "hi",\nthen more.',
        price: 1234.5,
      });
      const all = await send(test.app, staff, "GET", "/api/stock/export.csv");
      expect(all.statusCode).toBe(200);
      expect(all.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(all.headers["content-disposition"]).toMatch(
        /^attachment; filename="stock-\d{4}-\d\d-\d\d\.csv"$/,
      );
      const lines = all.body.split("\r\n");
      // Then the units at each place and in transit (stock-csv-places.api.test.ts).
      expect(lines[0]).toMatch(new RegExp(`^${HEADER},Main warehouse,.*,In transit$`));
      const row = all.body.slice(all.body.indexOf(id));
      expect(row.startsWith(`${id},"'=HYPERLINK(""x"")`)).toBe(true);
      expect(row).toContain(",1234.50,");
      expect(row).toContain('"Says ""hi"",\nthen more."');
      const count = (await test.app.inject("/api/stock?limit=1")).json() as { total: number };
      expect(all.body.match(/\r\n/g)).toHaveLength(count.total + 1);

      const some = await send(
        test.app,
        staff,
        "GET",
        "/api/stock/export.csv?columns=name,quantity",
      );
      expect(some.body.split("\r\n")[0]).toMatch(/^name,quantity,Main warehouse,/);
      const bad = await send(test.app, staff, "GET", "/api/stock/export.csv?columns=name,colour");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('has no column "colour"');
    });

    it("holds only the bikes the same search and filters find", async () => {
      const supplierName = unique("Filtered Exports");
      const kept = unique("Kept Exporter");
      const ids = {
        kept: await addBike(test.app, staff, { name: kept, supplierName, quantity: 0 }),
        inStock: await addBike(test.app, staff, { name: unique("Stocked Exporter"), supplierName }),
        elsewhere: await addBike(test.app, staff, { name: unique("Kept Elsewhere") }),
      };
      const exported = async (query: string) => {
        const csv = await send(test.app, staff, "GET", `/api/stock/export.csv?columns=id&${query}`);
        expect(csv.statusCode, csv.body).toBe(200);
        return csv.body.split("\r\n").slice(1, -1);
      };
      const bySupplier = `supplier=${encodeURIComponent(supplierName)}`;
      expect((await exported(bySupplier)).sort()).toEqual([ids.kept, ids.inStock].sort());
      expect(await exported(`${bySupplier}&status=out`)).toEqual([ids.kept]);
      expect(await exported(`q=${encodeURIComponent(kept)}`)).toEqual([ids.kept]);
      // The same filters as GET /api/stock, and the same 400 for a bad one.
      const bad = await send(test.app, staff, "GET", "/api/stock/export.csv?status=lots");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain("must be in, low or out");
    });

    it("offers a template: every column and one example row that the preview adds as it is", async () => {
      const template = await test.app.inject("/api/stock/template.csv");
      expect(template.statusCode).toBe(200);
      expect(template.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(template.headers["content-disposition"]).toBe(
        'attachment; filename="stock-template.csv"',
      );
      const lines = template.body.split("\r\n");
      expect(lines[0]).toBe(`${HEADER},place`);
      expect(lines[1]).toMatch(/,Main warehouse$/);
      expect(lines).toHaveLength(3);
      const preview = importPreviewSchema.parse(
        (await postCsv(test.app, staff, "import-preview", template.body)).json(),
      );
      expect(preview.problems).toEqual([]);
      expect(preview.rows).toEqual([
        expect.objectContaining({ line: 2, action: "create", name: "Honda CB500F" }),
      ]);
    });

    it("keeps the full-width formula signs as text too", async () => {
      const names = ["＝1+1", "＋1", "－1", "＠SUM(A1)"].map((sign) => `${sign} ${unique("Wide")}`);
      const ids: string[] = [];
      for (const name of names) ids.push(await addBike(test.app, staff, { name }));
      const csv = await send(test.app, staff, "GET", "/api/stock/export.csv?columns=id,name");
      const rows = new Map(csv.body.split("\r\n").map((line) => [line.slice(0, 36), line]));
      expect(ids.map((id) => rows.get(id))).toEqual(names.map((name, i) => `${ids[i]},'${name}`));
    });
  });

  describe("preview", () => {
    it("says row by row what will be created, updated or left, and changes nothing", async () => {
      const existing = await addBike(test.app, staff, {
        name: unique("Existing"),
        quantity: 4,
        price: 100,
      });
      const same = await addBike(test.app, staff, { name: unique("Same"), quantity: 2 });
      const newName = unique("Brand new");
      const csv = [HEADER, newRow(newName), `${existing},,,120,6,,,`, `${same},,,,,,,`].join("\n");
      const response = await postCsv(test.app, staff, "import-preview", csv);
      expect(response.statusCode, response.body).toBe(200);
      const preview = importPreviewSchema.parse(response.json());
      expect(preview.problems).toEqual([]);
      expect(preview.summary).toEqual({ create: 1, update: 1, unchanged: 1, error: 0 });
      expect(preview.rows).toEqual([
        { line: 2, action: "create", id: null, name: newName, changes: [], unitsIn: 5 },
        expect.objectContaining({
          line: 3,
          action: "update",
          id: existing,
          changes: [{ field: "price", from: 100, to: 120 }],
          unitsIn: 2,
        }),
        expect.objectContaining({ line: 4, action: "unchanged", id: same }),
      ]);
      expect(await bikeNamed(test.app, newName)).toBeUndefined();
      expect(
        bikeSchema.parse((await test.app.inject(`/api/bikes/${existing}`)).json()),
      ).toMatchObject({
        price: 100,
        quantity: 4,
      });
    });

    it("names the line and column of every wrong cell", async () => {
      const existing = await addBike(test.app, staff, { quantity: 10 });
      const csv = [
        HEADER,
        newRow(unique("Good")),
        ",,No Name Ltd.,100,1,3,Nameless.,/images/x.svg",
        newRow(unique("Bad price"), { price: "12.345" }),
        `0b0d7a3e-4f4e-4b8e-9f8e-2a4d5c6b7a80,Ghost,,,,,,`,
        `${existing},,,,3,,,`,
        `${existing},Twice,,,,,,`,
      ].join("\n");
      const preview = importPreviewSchema.parse(
        (await postCsv(test.app, staff, "import-preview", csv)).json(),
      );
      // Every row with a problem is an error in the plan, never "unchanged" (line 6's quantity).
      expect(preview.rows.map((row) => [row.line, row.action])).toEqual([
        [2, "create"],
        [3, "error"],
        [4, "error"],
        [5, "error"],
        [6, "error"],
        [7, "error"],
      ]);
      expect(preview.rows[5]).toMatchObject({ id: existing, name: "Twice" });
      expect(preview.summary).toEqual({ create: 1, update: 0, unchanged: 0, error: 5 });
      expect(preview.problems).toEqual([
        { line: 3, column: "name", message: "is required" },
        { line: 4, column: "price", message: "must be a price like 1999.99" },
        { line: 5, column: "id", message: expect.stringContaining("names no bike") },
        {
          line: 6,
          column: "quantity",
          message: "is below the 10 in stock: units leave only by deliveries",
        },
        { line: 7, column: "id", message: "names the same bike as line 6" },
      ]);
      const header = await postCsv(test.app, staff, "import-preview", "name,colour\nA,red\n");
      expect(importPreviewSchema.parse(header.json()).problems).toEqual([
        {
          line: 1,
          column: "colour",
          message: expect.stringContaining("is not a column of the stock"),
        },
      ]);
      const broken = await postCsv(test.app, staff, "import-preview", `${HEADER}\n"unclosed,x\n`);
      expect(importPreviewSchema.parse(broken.json()).problems[0]).toMatchObject({
        line: 2,
        column: null,
      });
    });

    it("reads semicolons, tabs, quoted fields and a byte order mark", async () => {
      const names = [unique("Semi"), unique("Tab")];
      const semicolons = `\ufeffname;supplier;price;quantity;description;photo\n"${names[0]}";"Quote ""Co""; Ltd.";10,5;1;"Two\nlines";${PHOTO}\n`;
      const tabs = `name\tsupplier\tprice\tquantity\tdescription\tphoto\r\n${names[1]}\tTab Co\t10\t1\tPlain.\t${PHOTO}\r\n`;
      const first = importPreviewSchema.parse(
        (await postCsv(test.app, staff, "import-preview", semicolons)).json(),
      );
      // "10,5" is not a price the API takes: it says so instead of guessing a decimal comma.
      expect(first.problems).toEqual([
        { line: 2, column: "price", message: "must be a price like 1999.99" },
      ]);
      const fixed = semicolons.replace("10,5", "10.5");
      const ok = importPreviewSchema.parse(
        (await postCsv(test.app, staff, "import-preview", fixed)).json(),
      );
      expect(ok.problems).toEqual([]);
      expect(ok.rows[0]).toMatchObject({ action: "create", name: names[0] });
      const second = importPreviewSchema.parse(
        (await postCsv(test.app, staff, "import-preview", tabs)).json(),
      );
      expect(second.rows[0]).toMatchObject({ line: 2, action: "create", name: names[1] });

      expect((await postCsv(test.app, staff, "imports", fixed)).statusCode).toBe(200);
      const imported = await bikeNamed(test.app, names[0]!);
      const bike = bikeSchema.parse((await test.app.inject(`/api/bikes/${imported!._id}`)).json());
      expect(bike).toMatchObject({
        supplierName: 'Quote "Co"; Ltd.',
        des: "Two\nlines",
        price: 10.5,
      });
    });
  });

  describe("import", () => {
    it("imports nothing when any row is wrong, then everything of a good file in one go", async () => {
      const existing = await addBike(test.app, staff, {
        name: unique("Restocked"),
        quantity: 4,
        price: 100,
      });
      const good = unique("Imported");
      const bad = [
        HEADER,
        newRow(good),
        newRow(unique("Broken"), { quantity: "-1" }),
        `${existing},,,150,9,,,`,
      ].join("\n");
      const refused = await postCsv(test.app, staff, "imports", bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: "The file has 1 problem. Nothing was imported.",
        fields: [{ field: "line 3, quantity", message: "must be a whole number" }],
      });
      expect(await bikeNamed(test.app, good)).toBeUndefined();
      expect(
        bikeSchema.parse((await test.app.inject(`/api/bikes/${existing}`)).json()).quantity,
      ).toBe(4);

      const fixed = [HEADER, newRow(good), `${existing},,,150,9,,,`].join("\n");
      const response = await postCsv(test.app, staff, "imports", fixed);
      expect(response.statusCode, response.body).toBe(200);
      expect(importResultSchema.parse(response.json())).toEqual({
        created: 1,
        updated: 1,
        unchanged: 0,
      });
      const created = await bikeNamed(test.app, good);
      expect(created).toBeDefined();
      expect(
        bikeSchema.parse((await test.app.inject(`/api/bikes/${existing}`)).json()),
      ).toMatchObject({ price: 150, quantity: 9 });
      const ledger = await movementsOf(test.app, staff, existing);
      expect(
        ledger.slice(0, 2).map(({ kind, delta, reference }) => ({ kind, delta, reference })),
      ).toEqual([
        { kind: "import", delta: 5, reference: "CSV import" },
        { kind: "edit", delta: 0, reference: null },
      ]);
      expect(ledger[1]!.changes).toEqual([{ field: "price", from: 100, to: 150 }]);
      expect((await movementsOf(test.app, staff, created!._id))[0]).toMatchObject({
        kind: "create",
        delta: 5,
      });
    });

    it("adds warehouse stock, which any staff member delivers and deletes", async () => {
      const name = unique("Warehouse");
      const imported = await postCsv(test.app, staff, "imports", `${HEADER}\n${newRow(name)}`);
      expect(imported.statusCode, imported.body).toBe(200);
      const bike = await bikeNamed(test.app, name);
      const mine = await send(
        test.app,
        staff,
        "GET",
        `/api/stock?owner=me&q=${encodeURIComponent(name)}`,
      );
      expect((mine.json() as { total: number }).total).toBe(0);
      const delivered = await send(
        test.app,
        colleague,
        "POST",
        `/api/bikes/${bike!._id}/deliveries`,
      );
      expect(delivered.statusCode, delivered.body).toBe(200);
      const deleted = await send(test.app, colleague, "DELETE", `/api/bikes/${bike!._id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      const ledger = await movementsOf(test.app, staff, bike!._id);
      expect(ledger.map(({ kind }) => kind)).toEqual(["delete", "deliver", "create"]);
    });

    it("takes 10,000 rows, and refuses more than 20,000 with a clear message", async () => {
      const prefix = unique("Bulk");
      const rows = Array.from({ length: 10_000 }, (_, index) =>
        newRow(`${prefix} ${index}`, { quantity: "1" }),
      );
      const response = await postCsv(test.app, staff, "imports", [HEADER, ...rows].join("\n"));
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(importResultSchema.parse(response.json()).created).toBe(10_000);
      const page = (
        await test.app.inject(`/api/stock?q=${encodeURIComponent(prefix)}&limit=1`)
      ).json() as { total: number };
      expect(page.total).toBe(10_000);

      const tooMany = [HEADER, ...Array.from({ length: 20_001 }, () => newRow("x"))].join("\n");
      const refused = await postCsv(test.app, staff, "import-preview", tooMany);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().message).toBe(
        "This file has 20,001 rows; one import takes at most 20,000. Split it into smaller files and import each.",
      );
    }, 120_000);
  });
});

describe(`who may use CSV under ACCESS_POLICY=invite on ${testDatabaseKind}`, () => {
  const test = useTestApp({ environment: { ACCESS_POLICY: "invite" } });

  it("is for staff: a member gets 403, a visitor 401", async () => {
    const member = await signUpAs(test.app, test.config, "member");
    const csv = `${HEADER}\n${newRow(unique("Member's"))}`;
    expect((await send(test.app, member, "GET", "/api/stock/export.csv")).statusCode).toBe(403);
    expect((await postCsv(test.app, member, "import-preview", csv)).statusCode).toBe(403);
    expect((await postCsv(test.app, member, "imports", csv)).statusCode).toBe(403);
    expect((await send(test.app, undefined, "GET", "/api/stock/export.csv")).statusCode).toBe(401);
    expect((await postCsv(test.app, undefined, "imports", csv)).statusCode).toBe(401);
  });
});
