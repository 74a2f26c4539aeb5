import { unitImportPreviewSchema, unitImportResultSchema } from "@ultimate-bikes/contract/unit-csv";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "../../test/accounts.ts";
import { expectError } from "../../test/api-errors.ts";
import { signUpAs } from "../../test/roles.ts";
import { addBike, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { placeIds } from "../../test/transfer-helpers.ts";
import {
  addTrackedModel,
  expectUnitsMatchCounts,
  newChassis,
  unitsOf,
} from "../../test/unit-helpers.ts";

describe(`units in CSV files on ${testDatabaseKind}`, () => {
  const test = useTestApp({ environment: { ACCESS_POLICY: "invite" } });
  let staff: TestUser;
  let main: string;

  beforeAll(async () => {
    staff = await signUpAs(test.app, test.config, "staff");
    main = (await placeIds(test.app))["Main warehouse"]!;
  });

  const trackedModel = async (quantity: number) =>
    (await addTrackedModel(test.app, staff, quantity, main)).id;

  const postCsv = (path: string, csv: string) =>
    send(test.app, staff, "POST", `/api/units/${path}`, csv, { "content-type": "text/csv" });

  it("exports units, and imports the file back: a changed colour updates, a new row arrives", async () => {
    const id = await trackedModel(2);
    const exported = await send(test.app, staff, "GET", `/api/units/export.csv?bike=${id}`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const [header, first, second] = exported.body.trim().split("\r\n");
    expect(header).toBe(
      "chassis,engine,model id,model,colour,model year,place,status,arrived,delivered,notes",
    );
    expect(second).toBeDefined();
    const arriving = newChassis();
    const csv = [
      header,
      first!.replace("Racing Blue", "Matte Black"),
      second,
      `${arriving},E-${arriving.slice(-6)},${id},,Pearl White,2025,main warehouse,,,,Front crate`,
    ].join("\n");

    const preview = unitImportPreviewSchema.parse((await postCsv("import-preview", csv)).json());
    expect(preview.problems).toEqual([]);
    expect(preview.summary).toEqual({ create: 1, update: 1, unchanged: 1, error: 0 });
    expect(preview.rows[0]).toMatchObject({
      line: 2,
      action: "update",
      changes: [{ field: "colour", from: "Racing Blue", to: "Matte Black" }],
    });
    expect(await unitsOf(test.app, staff, id)).toHaveLength(2);

    const imported = await postCsv("imports", csv);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(unitImportResultSchema.parse(imported.json())).toEqual({
      created: 1,
      updated: 1,
      unchanged: 1,
    });
    const { bike, units } = await expectUnitsMatchCounts(test.app, staff, id);
    expect(bike.quantity).toBe(3);
    expect(units.map((unit) => unit.colour).sort()).toEqual([
      "Matte Black",
      "Pearl White",
      "Racing Blue",
    ]);
    expect(units.find((unit) => unit.chassis === arriving)).toMatchObject({
      status: "in_stock",
      place: "Main warehouse",
      notes: "Front crate",
    });
  });

  it("refuses a file with any wrong row, naming each, and changes nothing", async () => {
    const id = await trackedModel(1);
    const untracked = await addBike(test.app, staff, { quantity: "0" });
    const [recorded] = await unitsOf(test.app, staff, id);
    const twice = newChassis();
    const unchecked = `${twice.slice(0, 8)}${twice[8] === "1" ? "2" : "1"}${twice.slice(9)}`;
    const csv = [
      "chassis,engine,model id,colour,model year,place",
      `${recorded!.chassis},,,Bright Red,,`,
      `${twice},E-1,${id},Red,2025,Main warehouse`,
      `${twice},E-2,${id},Red,2025,Main warehouse`,
      `${newChassis()},E-3,${untracked},Red,2025,Main warehouse`,
      `${newChassis()},${recorded!.engine},${id},Red,2025,Main warehouse`,
      `${unchecked},E-4,${id},Red,2025,Barisal showroom`,
      `ME1RM28,E-5,${id},Red,2025,Main warehouse`,
    ].join("\n");
    const refused = await postCsv("imports", csv);
    expect(expectError(refused, 400).message).toBe(
      "The file has 6 problems. Nothing was imported.",
    );
    expect(expectError(refused, 400).fields).toEqual([
      { field: "line 4, chassis", message: "is on line 3 too" },
      {
        field: "line 5, model id",
        message: expect.stringMatching(/which is not tracked by unit: turn tracking on first$/),
      },
      { field: "line 6, engine", message: "is another unit's of this model already" },
      { field: "line 7, place", message: 'names no place: "Barisal showroom"' },
      {
        field: "line 7, chassis",
        message: "has a check digit that does not match: confirm to keep it as written",
      },
      { field: "line 8, chassis", message: "must be 17 characters (ISO 3779)" },
    ]);
    const { bike, units } = await expectUnitsMatchCounts(test.app, staff, id);
    expect(bike.quantity).toBe(1);
    expect(units[0]!.colour).toBe("Racing Blue");
  });

  it("lets only staff export and import units", async () => {
    const member = await signUpAs(test.app, test.config, "member");
    for (const [user, status] of [
      [member, 403],
      [undefined, 401],
    ] as const) {
      expectError(await send(test.app, user, "GET", "/api/units/export.csv"), status);
      const csv = "chassis\nME1RM2810P0012345";
      const headers = { "content-type": "text/csv" };
      expectError(
        await send(test.app, user, "POST", "/api/units/import-preview", csv, headers),
        status,
      );
      expectError(await send(test.app, user, "POST", "/api/units/imports", csv, headers), status);
    }
  });
});
