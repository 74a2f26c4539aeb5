import { bikeSchema, type Bike } from "@ultimate-bikes/contract/bikes";
import { unitPageSchema } from "@ultimate-bikes/contract/unit-history";
import { unitListResponseSchema, type NewUnitInput } from "@ultimate-bikes/contract/units";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "../../test/accounts.ts";
import { expectError } from "../../test/api-errors.ts";
import { signUpAs } from "../../test/roles.ts";
import { addBike, send, UNKNOWN_BIKE_ID } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { placeIds } from "../../test/transfer-helpers.ts";
import { expectUnitsMatchCounts, newChassis, newUnits, unitsOf } from "../../test/unit-helpers.ts";

describe(`units by chassis and engine number on ${testDatabaseKind}`, () => {
  const test = useTestApp({ environment: { ACCESS_POLICY: "invite" } });
  let staff: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let main: string;
  let khulna: string;

  beforeAll(async () => {
    staff = await signUpAs(test.app, test.config, "staff");
    admin = await signUpAs(test.app, test.config, "admin");
    member = await signUpAs(test.app, test.config, "member");
    const places = await placeIds(test.app);
    main = places["Main warehouse"]!;
    khulna = places["Khulna showroom"]!;
  });

  const post = (url: string, body?: object, user: TestUser = staff) =>
    send(test.app, user, "POST", url, body);

  /** A new model with `quantity` units at the main warehouse, tracked by unit. */
  async function trackedModel(quantity: number) {
    const id = await addBike(test.app, staff, { quantity: String(quantity) });
    const units = newUnits(quantity).map((unit) => ({ ...unit, placeId: main }));
    const response = await send(test.app, staff, "PUT", `/api/bikes/${id}/tracking`, {
      tracksUnits: true,
      units,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { id, units };
  }

  const imported = (id: string, units: NewUnitInput[], extra: object = {}) =>
    post(`/api/bikes/${id}/imports`, { amount: units.length, units, ...extra });

  it("turns tracking on only with every unit of every place listed, and nothing changes otherwise", async () => {
    const id = await addBike(test.app, staff, { quantity: "3" });
    const units = newUnits(3).map((unit) => ({ ...unit, placeId: main }));
    const short = await send(test.app, staff, "PUT", `/api/bikes/${id}/tracking`, {
      tracksUnits: true,
      units: units.slice(0, 2),
    });
    expect(expectError(short, 409).message).toBe(
      "Main warehouse holds 3 of this model, and 2 units were listed there: list every unit. Tracking stays off.",
    );
    const elsewhere = await send(test.app, staff, "PUT", `/api/bikes/${id}/tracking`, {
      tracksUnits: true,
      units: [...units, { ...newUnits(1)[0]!, placeId: khulna }],
    });
    expect(expectError(elsewhere, 409).message).toMatch(/^Khulna showroom holds 0 of this model/);
    expect(await unitsOf(test.app, staff, id)).toEqual([]);
    expect(bikeSchema.parse((await test.app.inject(`/api/bikes/${id}`)).json()).tracksUnits).toBe(
      false,
    );

    const on = await send(test.app, staff, "PUT", `/api/bikes/${id}/tracking`, {
      tracksUnits: true,
      units,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(bikeSchema.parse(on.json())).toMatchObject({ tracksUnits: true, quantity: 3, held: 0 });
    const { units: listed } = await expectUnitsMatchCounts(test.app, staff, id);
    expect(listed.map((unit) => unit.chassis).sort()).toEqual(units.map((u) => u.chassis).sort());
    expect(
      listed.every((unit) => unit.status === "in_stock" && unit.place === "Main warehouse"),
    ).toBe(true);
  });

  it("imports a tracked model's units all or nothing, naming a chassis number already recorded", async () => {
    const { id, units: first } = await trackedModel(1);
    const withoutUnits = await post(`/api/bikes/${id}/imports`, { amount: 2 });
    expect(expectError(withoutUnits, 409).message).toMatch(
      /is tracked by unit: say which units arrive, with their chassis and engine numbers\. Nothing was imported\.$/,
    );
    const arriving = newUnits(2);
    const clash = await imported(id, [
      ...arriving,
      { ...newUnits(1)[0]!, chassis: first[0]!.chassis },
    ]);
    expect(expectError(clash, 409).message).toMatch(
      new RegExp(
        `^Chassis number ${first[0]!.chassis} is already recorded \\(.*, in stock at Main warehouse\\)\\. Nothing was saved\\.$`,
      ),
    );
    const miscounted = await post(`/api/bikes/${id}/imports`, { amount: 3, units: arriving });
    expect(expectError(miscounted, 400).message).toBe(
      "body.units: lists 2 units for an import of 3",
    );
    expect((await expectUnitsMatchCounts(test.app, staff, id)).bike.quantity).toBe(1);

    const done = await imported(id, arriving, { placeId: khulna, reference: "Invoice 88" });
    expect(done.statusCode, done.body).toBe(200);
    const { bike, units } = await expectUnitsMatchCounts(test.app, staff, id);
    expect(bike.quantity).toBe(3);
    expect(
      units
        .filter((unit) => unit.place === "Khulna showroom")
        .map((u) => u.chassis)
        .sort(),
    ).toEqual(arriving.map((unit) => unit.chassis).sort());
  });

  it("refuses malformed chassis numbers by field, and a check digit that does not match until confirmed", async () => {
    const { id } = await trackedModel(0);
    const [unit] = newUnits(1);
    const withI = await imported(id, [{ ...unit!, chassis: "ME1RM2810I0012345" }]);
    expect(expectError(withI, 400).fields).toContainEqual({
      field: "body.units.0.chassis",
      message: "must be digits and capital letters other than I, O and Q (ISO 3779)",
    });
    const short = await imported(id, [{ ...unit!, chassis: "ME1RM28" }]);
    expect(expectError(short, 400).fields?.[0]?.message).toBe("must be 17 characters (ISO 3779)");
    const twice = await imported(id, [unit!, { ...newUnits(1)[0]!, chassis: unit!.chassis }]);
    expect(expectError(twice, 400).fields?.[0]?.message).toBe(`${unit!.chassis} is listed twice`);

    // Typed with spaces and dashes and in small letters, as read off a frame; the check digit off.
    const chassis = newChassis();
    const wrongCheck = `${chassis.slice(0, 8)}${chassis[8] === "1" ? "2" : "1"}${chassis.slice(9)}`;
    const typed = `${wrongCheck.slice(0, 3).toLowerCase()} ${wrongCheck.slice(3, 9)}-${wrongCheck.slice(9)}`;
    const warned = await imported(id, [{ ...unit!, chassis: typed }]);
    expect(expectError(warned, 422).message).toBe(
      `The check digit of ${wrongCheck} does not match. Many markets do not use it: confirm to keep it as typed.`,
    );
    const confirmed = await imported(id, [{ ...unit!, chassis: typed }], {
      checkDigitsConfirmed: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [stored] = await unitsOf(test.app, staff, id);
    expect(stored).toMatchObject({ chassis: wrongCheck, checkDigitMatches: false });
  });

  it("delivers the unit named, or the oldest at the place when none is (the spec's call too)", async () => {
    const { id, units } = await trackedModel(3);
    const [oldest, second, third] = await unitsOf(test.app, staff, id);
    const named = await post(`/api/bikes/${id}/deliveries`, {
      unitId: third!.id,
      reference: "Order 12",
    });
    expect(named.statusCode, named.body).toBe(200);
    // The original client's Delivered: the quantity after taking one.
    const spec = await send(test.app, staff, "PATCH", `/api/bikes/${id}`, { updatedQuantity: 1 });
    expect(spec.statusCode, spec.body).toBe(200);
    const after = await unitsOf(test.app, staff, id);
    const statusOf = (chassis: string) => after.find((unit) => unit.chassis === chassis)?.status;
    expect(new Set(units.map((unit) => unit.chassis))).toEqual(
      new Set(after.map((u) => u.chassis)),
    );
    expect([oldest, second, third].map((unit) => statusOf(unit!.chassis))).toEqual([
      "delivered",
      "in_stock",
      "delivered",
    ]);
    expect((await expectUnitsMatchCounts(test.app, staff, id)).bike.quantity).toBe(1);

    const again = await post(`/api/bikes/${id}/deliveries`, { unitId: third!.id });
    expect(expectError(again, 409).message).toBe(
      `Unit ${third!.chassis} is not in stock here: it is delivered at Main warehouse.`,
    );
    const otherModel = await trackedModel(1);
    const wrongModel = await post(`/api/bikes/${otherModel.id}/deliveries`, { unitId: second!.id });
    expect(expectError(wrongModel, 404).message).toBe("No unit with that id");
    const untracked = await addBike(test.app, staff, { quantity: "2" });
    const notTracked = await post(`/api/bikes/${untracked}/deliveries`, { unitId: second!.id });
    expect(expectError(notTracked, 409).message).toMatch(/is not tracked by unit/);
  });

  it("finds a unit by its whole chassis or engine number, or the last 6 characters of either", async () => {
    const { id, units } = await trackedModel(2);
    const [unit] = units;
    const lookup = async (query: string) => {
      const response = await send(test.app, staff, "GET", `/api/units?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return unitListResponseSchema.parse(response.json()).map((found) => found.chassis);
    };
    expect(await lookup(`chassis=${unit!.chassis.toLowerCase()}`)).toEqual([unit!.chassis]);
    expect(await lookup(`engine=${unit!.engine}`)).toEqual([unit!.chassis]);
    expect(await lookup(`q=${unit!.chassis.slice(-6)}`)).toEqual([unit!.chassis]);
    expect(await lookup(`q=${unit!.engine.slice(-7)}`)).toEqual([unit!.chassis]);
    expect(await lookup(`q=${unit!.chassis}`)).toEqual([unit!.chassis]);
    expect(await lookup(`q=ZZZZZZZZ`)).toEqual([]);
    const tooShort = await send(test.app, staff, "GET", `/api/units?q=12345`);
    expect(expectError(tooShort, 400).message).toMatch(
      /^querystring.q: must be 6 to 40 characters/,
    );
    const none = await send(test.app, staff, "GET", `/api/units`);
    expect(expectError(none, 400).message).toMatch(/must give one of chassis, engine or q/);

    const [stored] = await unitsOf(test.app, staff, id, `?place=${main}&status=in_stock`);
    const page = await send(test.app, staff, "GET", `/api/units/${stored!.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const { unit: shown, history } = unitPageSchema.parse(page.json());
    expect(shown).toMatchObject({
      bikeId: id,
      status: "in_stock",
      place: "Main warehouse",
      hold: null,
    });
    expect(history.map((entry) => entry.kind)).toEqual(["track"]);
  });

  it("tells a unit's story: arrived, delivered, by whom and with the reference", async () => {
    const { id } = await trackedModel(0);
    const [unit] = newUnits(1);
    expect((await imported(id, [unit!], { reference: "Invoice 7" })).statusCode).toBe(200);
    const [stored] = await unitsOf(test.app, staff, id);
    const delivered = await post(
      `/api/bikes/${id}/deliveries`,
      { unitId: stored!.id, reference: "Order 9" },
      admin,
    );
    expect(delivered.statusCode, delivered.body).toBe(200);
    const page = unitPageSchema.parse(
      (await send(test.app, staff, "GET", `/api/units/${stored!.id}`)).json(),
    );
    expect(page.unit).toMatchObject({ status: "delivered", place: "Main warehouse" });
    expect(page.unit.deliveredAt).not.toBeNull();
    expect(
      page.history.map(({ kind, reference, place, placeDelta }) => ({
        kind,
        reference,
        place: place?.name,
        placeDelta,
      })),
    ).toEqual([
      { kind: "deliver", reference: "Order 9", place: "Main warehouse", placeDelta: -1 },
      { kind: "import", reference: "Invoice 7", place: "Main warehouse", placeDelta: 1 },
    ]);
  });

  it("keeps units and counts equal under 100 concurrent deliveries of named and unnamed units", async () => {
    const { id } = await trackedModel(70);
    const units = await unitsOf(test.app, staff, id);
    // 30 named units, each asked for twice, and 40 unnamed deliveries: 70 units, 100 asks.
    const namedUnits = units.slice(0, 30);
    const named = namedUnits.flatMap((unit) => [unit.id, unit.id]);
    const answers = await Promise.all([
      ...named.map((unitId) => post(`/api/bikes/${id}/deliveries`, { unitId })),
      ...Array.from({ length: 40 }, () => post(`/api/bikes/${id}/deliveries`)),
    ]);
    const delivered = answers.filter((answer) => answer.statusCode === 200).length;
    expect(answers.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
    const { bike, units: after } = await expectUnitsMatchCounts(test.app, staff, id);
    expect(after.filter((unit) => unit.status === "delivered")).toHaveLength(delivered);
    expect(bike.quantity).toBe(70 - delivered);
    // A named unit leaves once: of its two asks, at most one is a 200.
    for (const unit of namedUnits) {
      const asks = named.flatMap((unitId, index) => (unitId === unit.id ? [answers[index]!] : []));
      expect(asks.filter((answer) => answer.statusCode === 200).length).toBeLessThanOrEqual(1);
    }
    // The unnamed take what is left: all 40 find one (the named take 30 at most).
    expect(answers.slice(named.length).every((answer) => answer.statusCode === 200)).toBe(true);
  });

  it("refuses the original Import (a new total) on a tracked model: a count names no unit", async () => {
    const { id } = await trackedModel(2);
    const put = await send(test.app, staff, "PUT", `/api/bikes/${id}`, {
      newNumber: 5,
      previousQuantity: 2,
    });
    expect(expectError(put, 409).message).toMatch(
      /is tracked by unit: say which units arrive, with their chassis and engine numbers\. Nothing was imported\.$/,
    );
    expect((await expectUnitsMatchCounts(test.app, staff, id)).bike.quantity).toBe(2);
  });

  it("turns tracking off keeping the units, and answers 404 for unknown bikes and units", async () => {
    const { id } = await trackedModel(2);
    const off = await send(test.app, staff, "PUT", `/api/bikes/${id}/tracking`, {
      tracksUnits: false,
    });
    expect(bikeSchema.parse(off.json()).tracksUnits).toBe(false);
    expect(await unitsOf(test.app, staff, id)).toHaveLength(2);
    const plainImport = await post(`/api/bikes/${id}/imports`, { amount: 1 });
    expect((plainImport.json() as Bike).quantity).toBe(3);

    const unknown = await send(test.app, staff, "GET", `/api/bikes/${UNKNOWN_BIKE_ID}/units`);
    expectError(unknown, 404);
    const unknownUnit = await send(test.app, staff, "GET", `/api/units/${UNKNOWN_BIKE_ID}`);
    expect(expectError(unknownUnit, 404).message).toBe("No unit with that id");
    const malformed = await send(test.app, staff, "GET", `/api/units/not-a-unit`);
    expectError(malformed, 404);
    const noTracking = await send(
      test.app,
      staff,
      "PUT",
      `/api/bikes/${UNKNOWN_BIKE_ID}/tracking`,
      {
        tracksUnits: false,
      },
    );
    expectError(noTracking, 404);
  });

  it("refuses a CSV import that adds units to a tracked model by count, naming the row", async () => {
    const { id } = await trackedModel(1);
    const refused = await send(
      test.app,
      staff,
      "POST",
      "/api/stock/imports",
      `id,quantity\n${id},3\n`,
      { "content-type": "text/csv" },
    );
    expect(expectError(refused, 400).fields).toEqual([
      {
        field: "line 2, quantity",
        message:
          "is for a model tracked by unit: import its units on its page, by chassis and engine number",
      },
    ]);
    expect((await expectUnitsMatchCounts(test.app, staff, id)).bike.quantity).toBe(1);
  });

  it("lets only staff read and change units", async () => {
    const { id } = await trackedModel(1);
    for (const user of [member, undefined]) {
      const status = user ? 403 : 401;
      expectError(await send(test.app, user, "GET", `/api/bikes/${id}/units`), status);
      expectError(await send(test.app, user, "GET", `/api/units?q=123456`), status);
      expectError(
        await send(test.app, user, "PUT", `/api/bikes/${id}/tracking`, { tracksUnits: false }),
        status,
      );
    }
  });
});
