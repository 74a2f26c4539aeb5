import { bikeSchema, stockMovementListSchema } from "@ultimate-bikes/contract/bikes";
import { holdRecordListSchema, holdRecordSchema } from "@ultimate-bikes/contract/holds";
import { unitPageSchema } from "@ultimate-bikes/contract/unit-history";
import { unitSchema, type Unit } from "@ultimate-bikes/contract/units";
import { beforeAll, describe, expect, it } from "vitest";
import { testNameOf, type TestUser } from "../../test/accounts.ts";
import { expectError } from "../../test/api-errors.ts";
import { signUpAs } from "../../test/roles.ts";
import { openStoredDataProbe } from "../../test/stored-data.ts";
import { addBike, send, UNKNOWN_BIKE_ID } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { placeIds } from "../../test/transfer-helpers.ts";
import { addTrackedModel, expectUnitsMatchCounts, unitsOf } from "../../test/unit-helpers.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");

/** Tomorrow at 18:00 UTC, and how a refusal writes it ("27 Nov 2026, 18:00 UTC"). */
function tomorrowEvening() {
  const at = new Date(Date.now() + DAY_MS);
  at.setUTCHours(18, 0, 0, 0);
  const words = `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, 18:00 UTC`;
  return { expiresAt: at.toISOString(), words };
}

const customer = (extra: object = {}) => ({
  customerName: "Rahim Uddin",
  customerPhone: "+880 1711-000000",
  reference: "Deposit 1234",
  expiresAt: tomorrowEvening().expiresAt,
  ...extra,
});

describe(`holds on units and on untracked models on ${testDatabaseKind}`, () => {
  const test = useTestApp({ environment: { ACCESS_POLICY: "invite" } });
  let staff: TestUser;
  let colleague: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let main: string;

  beforeAll(async () => {
    staff = await signUpAs(test.app, test.config, "staff");
    colleague = await signUpAs(test.app, test.config, "staff");
    admin = await signUpAs(test.app, test.config, "admin");
    member = await signUpAs(test.app, test.config, "member");
    main = (await placeIds(test.app))["Main warehouse"]!;
  });

  const post = (url: string, body?: object, user: TestUser = staff) =>
    send(test.app, user, "POST", url, body);
  const trackedModel = (quantity: number) => addTrackedModel(test.app, staff, quantity, main);
  const unitOf = (response: { json(): unknown }): Unit => unitSchema.parse(response.json());
  const bike = async (id: string) =>
    bikeSchema.parse((await test.app.inject(`/api/bikes/${id}`)).json());
  const openHolds = async (id: string) => {
    const response = await send(test.app, staff, "GET", `/api/bikes/${id}/holds`);
    expect(response.statusCode, response.body).toBe(200);
    return holdRecordListSchema.parse(response.json());
  };
  /** The 409 anyone but the maker (or an admin) gets on a held unit. */
  const heldBy = (chassis: string, maker: TestUser) => {
    const holder = testNameOf(maker.email);
    return `Unit ${chassis} is held for Rahim Uddin by ${holder} until ${tomorrowEvening().words}: only ${holder} or an admin can deliver or release it.`;
  };

  it("holds a unit in stock for a customer: in the quantity, not available, with a ledger entry", async () => {
    const { id } = await trackedModel(2);
    const [unit] = await unitsOf(test.app, staff, id);
    const held = await post(`/api/units/${unit!.id}/hold`, customer());
    expect(held.statusCode, held.body).toBe(200);
    expect(unitOf(held)).toMatchObject({
      id: unit!.id,
      status: "held",
      hold: {
        customerName: "Rahim Uddin",
        customerPhone: "+880 1711-000000",
        reference: "Deposit 1234",
        expiresAt: tomorrowEvening().expiresAt,
        madeBy: testNameOf(staff.email),
      },
    });
    const { bike: after } = await expectUnitsMatchCounts(test.app, staff, id);
    expect(after).toMatchObject({ quantity: 2, held: 1 });
    expect(await openHolds(id)).toMatchObject([
      {
        unitId: unit!.id,
        chassis: unit!.chassis,
        units: 1,
        place: "Main warehouse",
        madeBy: testNameOf(staff.email),
        endedAt: null,
      },
    ]);
    const page = unitPageSchema.parse(
      (await send(test.app, staff, "GET", `/api/units/${unit!.id}`)).json(),
    );
    expect(page.history[0]).toMatchObject({
      kind: "hold",
      delta: 0,
      quantityAfter: 2,
      reference: "Deposit 1234",
      place: { name: "Main warehouse" },
    });
  });

  it("refuses a second hold naming who holds it and until when, and a unit not in stock", async () => {
    const { id } = await trackedModel(2);
    const [first, second] = await unitsOf(test.app, staff, id);
    expect((await post(`/api/units/${first!.id}/hold`, customer())).statusCode).toBe(200);
    for (const user of [colleague, staff, admin]) {
      const again = await post(`/api/units/${first!.id}/hold`, customer(), user);
      expect(expectError(again, 409).message).toBe(heldBy(first!.chassis, staff));
    }
    const delivered = await post(`/api/bikes/${id}/deliveries`, { unitId: second!.id });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const gone = await post(`/api/units/${second!.id}/hold`, customer());
    expect(expectError(gone, 409).message).toBe(
      `Unit ${second!.chassis} cannot be held: it is delivered at Main warehouse.`,
    );
    expect((await expectUnitsMatchCounts(test.app, staff, id)).bike.held).toBe(1);
  });

  it("lets only the maker or an admin extend or release a hold; others get a 409 naming the holder", async () => {
    const { id } = await trackedModel(1);
    const [unit] = await unitsOf(test.app, staff, id);
    expect((await post(`/api/units/${unit!.id}/hold`, customer())).statusCode).toBe(200);
    const later = new Date(Date.now() + 5 * DAY_MS).toISOString();

    const byColleague = await post(`/api/units/${unit!.id}/release`, undefined, colleague);
    expect(expectError(byColleague, 409).message).toBe(heldBy(unit!.chassis, staff));
    const extendedByColleague = await post(
      `/api/units/${unit!.id}/hold/extend`,
      { expiresAt: later },
      colleague,
    );
    expect(expectError(extendedByColleague, 409).message).toBe(heldBy(unit!.chassis, staff));

    const extended = await post(`/api/units/${unit!.id}/hold/extend`, { expiresAt: later });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(unitOf(extended).hold?.expiresAt).toBe(later);

    const released = await post(`/api/units/${unit!.id}/release`, undefined, admin);
    expect(released.statusCode, released.body).toBe(200);
    expect(unitOf(released)).toMatchObject({ status: "in_stock", hold: null });
    const twice = await post(`/api/units/${unit!.id}/release`);
    expect(expectError(twice, 409).message).toBe(`Unit ${unit!.chassis} is not held.`);
    const extendFree = await post(`/api/units/${unit!.id}/hold/extend`, { expiresAt: later });
    expect(expectError(extendFree, 409).message).toBe(`Unit ${unit!.chassis} is not held.`);

    const { bike: after } = await expectUnitsMatchCounts(test.app, staff, id);
    expect(after.held).toBe(0);
    expect(await openHolds(id)).toEqual([]);
    const page = unitPageSchema.parse(
      (await send(test.app, staff, "GET", `/api/units/${unit!.id}`)).json(),
    );
    const [byStaff, byAdmin] = [staff, admin].map((user) => testNameOf(user.email));
    expect(page.history.map((entry) => [entry.kind, entry.actorName])).toEqual([
      ["release", byAdmin],
      ["hold-extend", byStaff],
      ["hold", byStaff],
      ["track", byStaff],
    ]);
  });

  it("lets exactly one of 10 concurrent holds of one unit win", async () => {
    const { id } = await trackedModel(3);
    const [unit] = await unitsOf(test.app, staff, id);
    const holders = [staff, colleague, admin];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post(`/api/units/${unit!.id}/hold`, customer(), holders[index % holders.length]),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409, 409, 409,
    ]);
    const { bike: after, units } = await expectUnitsMatchCounts(test.app, staff, id);
    expect(after.held).toBe(1);
    expect(units.filter((held) => held.status === "held").map((held) => held.id)).toEqual([
      unit!.id,
    ]);
    expect(await openHolds(id)).toHaveLength(1);
  });

  it("refuses a colleague's Delivered on a held unit naming the holder; its maker or an admin delivers it", async () => {
    const { id } = await trackedModel(3);
    const [first, second, third] = await unitsOf(test.app, staff, id);
    for (const unit of [first, second]) {
      expect((await post(`/api/units/${unit!.id}/hold`, customer())).statusCode).toBe(200);
    }
    const byColleague = await post(`/api/bikes/${id}/deliveries`, { unitId: first!.id }, colleague);
    expect(expectError(byColleague, 409).message).toBe(heldBy(first!.chassis, staff));
    // Unnamed, a delivery takes the oldest unit nobody holds.
    const oldestFree = await post(`/api/bikes/${id}/deliveries`, undefined, colleague);
    expect(oldestFree.statusCode, oldestFree.body).toBe(200);
    const noneFree = await post(`/api/bikes/${id}/deliveries`, undefined, colleague);
    expect(expectError(noneFree, 409).message).toBe(
      "Every unit at Main warehouse is held for a customer (2 held). Nothing was delivered.",
    );

    const byMaker = await post(`/api/bikes/${id}/deliveries`, { unitId: first!.id });
    expect(byMaker.statusCode, byMaker.body).toBe(200);
    const byAdmin = await post(`/api/bikes/${id}/deliveries`, { unitId: second!.id }, admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);

    const { bike: after, units } = await expectUnitsMatchCounts(test.app, staff, id);
    expect(after).toMatchObject({ quantity: 0, held: 0 });
    expect(units.map((unit) => [unit.id, unit.status, unit.hold])).toEqual(
      expect.arrayContaining([
        [first!.id, "delivered", null],
        [second!.id, "delivered", null],
        [third!.id, "delivered", null],
      ]),
    );
    expect(await openHolds(id)).toEqual([]);
    // The holds ended as delivered, by who delivered.
    const probe = openStoredDataProbe(test.config, test.app.log);
    try {
      const ended = await probe.database.db
        .selectFrom("hold")
        .innerJoin("user", "user.id", "hold.ended_by")
        .select(["hold.unit_id", "hold.end_reason", "user.email"])
        .where("hold.bike_id", "=", id)
        .execute();
      expect(ended).toEqual(
        expect.arrayContaining([
          { unit_id: first!.id, end_reason: "delivered", email: staff.email },
          { unit_id: second!.id, end_reason: "delivered", email: admin.email },
        ]),
      );
      expect(ended).toHaveLength(2);
    } finally {
      await probe.close();
    }
    const release = await post(`/api/units/${first!.id}/release`);
    expect(expectError(release, 409).message).toBe(`Unit ${first!.chassis} is not held.`);
  });

  it("keeps units and counts equal when holds race deliveries", async () => {
    const { id } = await trackedModel(12);
    const units = await unitsOf(test.app, staff, id);
    // Every unit asked to be held by staff and delivered (named) by a colleague, and 4 unnamed
    // deliveries besides: each unit ends up held or delivered, never both.
    const holds = units.map((unit) => post(`/api/units/${unit.id}/hold`, customer()));
    const named = units.map((unit) =>
      post(`/api/bikes/${id}/deliveries`, { unitId: unit.id }, colleague),
    );
    const unnamed = Array.from({ length: 4 }, () =>
      post(`/api/bikes/${id}/deliveries`, undefined, colleague),
    );
    const [held, delivered, taken] = await Promise.all([
      Promise.all(holds),
      Promise.all(named),
      Promise.all(unnamed),
    ]);
    const answers = [...held, ...delivered, ...taken];
    expect(answers.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);
    const ok = (list: typeof answers) => list.filter((answer) => answer.statusCode === 200).length;

    const { bike: after, units: statuses } = await expectUnitsMatchCounts(test.app, staff, id);
    expect(statuses.filter((unit) => unit.status === "held")).toHaveLength(ok(held));
    expect(statuses.filter((unit) => unit.status === "delivered")).toHaveLength(
      ok(delivered) + ok(taken),
    );
    expect(ok(held) + ok(delivered) + ok(taken)).toBe(12);
    expect(after).toMatchObject({ quantity: ok(held), held: ok(held) });
    // No unit is both held and delivered by name.
    units.forEach((unit, index) => {
      const both = held[index]!.statusCode === 200 && delivered[index]!.statusCode === 200;
      expect(both, unit.chassis).toBe(false);
    });
  });

  it("holds n units of an untracked model at a place; a delivery there cannot take them", async () => {
    const id = await addBike(test.app, staff, { quantity: "3" });
    const made = await post(`/api/bikes/${id}/holds`, { ...customer(), units: 2 });
    expect(made.statusCode, made.body).toBe(201);
    const hold = holdRecordSchema.parse(made.json());
    expect(hold).toMatchObject({
      bikeId: id,
      placeId: main,
      place: "Main warehouse",
      unitId: null,
      chassis: null,
      units: 2,
      madeBy: testNameOf(staff.email),
      endedAt: null,
    });
    expect(await bike(id)).toMatchObject({ quantity: 3, held: 2 });
    const tooMany = await post(`/api/bikes/${id}/holds`, { ...customer(), units: 2 }, colleague);
    expect(expectError(tooMany, 409).message).toBe(
      "Only 1 unheld at Main warehouse, fewer than the 2 asked for. Nothing was held.",
    );

    expect((await post(`/api/bikes/${id}/deliveries`, undefined, colleague)).statusCode).toBe(200);
    const heldOnly = await post(`/api/bikes/${id}/deliveries`, undefined, colleague);
    expect(expectError(heldOnly, 409).message).toBe(
      "Every unit at Main warehouse is held for a customer (2 held). Nothing was delivered.",
    );

    const later = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const notTheirs = await post(`/api/holds/${hold.id}/extend`, { expiresAt: later }, colleague);
    expect(expectError(notTheirs, 409).message).toBe(
      `Held for Rahim Uddin by ${testNameOf(staff.email)} until ${tomorrowEvening().words}: only ${testNameOf(staff.email)} or an admin can deliver or release it.`,
    );
    const extended = await post(`/api/holds/${hold.id}/extend`, { expiresAt: later });
    expect(holdRecordSchema.parse(extended.json()).expiresAt).toBe(later);
    expectError(await post(`/api/holds/${hold.id}/release`, undefined, colleague), 409);
    const released = await post(`/api/holds/${hold.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(holdRecordSchema.parse(released.json())).toMatchObject({
      id: hold.id,
      endReason: "released",
    });
    expect(await bike(id)).toMatchObject({ quantity: 2, held: 0 });
    expect(expectError(await post(`/api/holds/${hold.id}/release`), 409).message).toBe(
      "This hold has ended: nothing is held by it.",
    );
    expect((await post(`/api/bikes/${id}/deliveries`, undefined, colleague)).statusCode).toBe(200);

    const movements = await send(test.app, staff, "GET", `/api/bikes/${id}/movements`);
    const kinds = stockMovementListSchema.parse(movements.json()).map((entry) => entry.kind);
    expect(kinds.slice(0, 5)).toEqual(["deliver", "release", "hold-extend", "deliver", "hold"]);

    const { id: tracked } = await trackedModel(1);
    const onTracked = await post(`/api/bikes/${tracked}/holds`, { ...customer(), units: 1 });
    expect(expectError(onTracked, 409).message).toMatch(
      /is tracked by unit: hold one of its units instead\.$/,
    );
  });

  it("names the field of bad input, and answers 404 for unknown units, holds and bikes", async () => {
    const { id } = await trackedModel(1);
    const [unit] = await unitsOf(test.app, staff, id);
    const url = `/api/units/${unit!.id}/hold`;
    const fieldOf = async (body: object, path = url) =>
      expectError(await post(path, body), 400).fields?.map((field) => field.field);
    expect(await fieldOf(customer({ customerName: undefined }))).toEqual(["body.customerName"]);
    expect(await fieldOf(customer({ customerPhone: "call me" }))).toEqual(["body.customerPhone"]);
    expect(await fieldOf(customer({ expiresAt: "tomorrow" }))).toEqual(["body.expiresAt"]);
    const past = await post(
      url,
      customer({ expiresAt: new Date(Date.now() - 60_000).toISOString() }),
    );
    expect(expectError(past, 400).message).toBe("body.expiresAt: must be in the future");
    const far = new Date(Date.now() + 91 * DAY_MS).toISOString();
    expect(expectError(await post(url, customer({ expiresAt: far })), 400).message).toBe(
      "body.expiresAt: must be at most 90 days ahead",
    );
    expect(await fieldOf(customer({ colour: "red" }))).toEqual(["body.colour"]);
    const untracked = await addBike(test.app, staff, { quantity: "2" });
    expect(await fieldOf({ ...customer(), units: 0 }, `/api/bikes/${untracked}/holds`)).toEqual([
      "body.units",
    ]);
    expect(await unitsOf(test.app, staff, id)).toMatchObject([{ status: "in_stock", hold: null }]);

    const unknownUnit = await post(`/api/units/${UNKNOWN_BIKE_ID}/hold`, customer());
    expect(expectError(unknownUnit, 404).message).toBe("No unit with that id");
    expectError(await post(`/api/units/not-a-unit/release`), 404);
    expectError(await post(`/api/units/${UNKNOWN_BIKE_ID}/release`), 404);
    const unknownHold = await post(`/api/holds/${UNKNOWN_BIKE_ID}/release`);
    expect(expectError(unknownHold, 404).message).toBe("No hold with that id");
    expectError(
      await post(`/api/holds/${UNKNOWN_BIKE_ID}/extend`, { expiresAt: customer().expiresAt }),
      404,
    );
    const unknownBike = await post(`/api/bikes/${UNKNOWN_BIKE_ID}/holds`, {
      ...customer(),
      units: 1,
    });
    expect(expectError(unknownBike, 404).message).toBe("No bike with that id");
    expectError(await send(test.app, staff, "GET", `/api/bikes/${UNKNOWN_BIKE_ID}/holds`), 404);
    const unknownPlace = await post(`/api/bikes/${untracked}/holds`, {
      ...customer(),
      units: 1,
      placeId: UNKNOWN_BIKE_ID,
    });
    expectError(unknownPlace, 404);
  });

  it("lets only staff hold, release, extend and list holds", async () => {
    const { id } = await trackedModel(1);
    const [unit] = await unitsOf(test.app, staff, id);
    const untracked = await addBike(test.app, staff, { quantity: "1" });
    const made = await post(`/api/bikes/${untracked}/holds`, { ...customer(), units: 1 });
    const holdId = holdRecordSchema.parse(made.json()).id;
    const extension = { expiresAt: customer().expiresAt };
    for (const user of [member, undefined]) {
      const status = user ? 403 : 401;
      const as = (path: string, body?: object) => send(test.app, user, "POST", path, body);
      expectError(await as(`/api/units/${unit!.id}/hold`, customer()), status);
      expectError(await as(`/api/units/${unit!.id}/release`), status);
      expectError(await as(`/api/units/${unit!.id}/hold/extend`, extension), status);
      expectError(await as(`/api/bikes/${untracked}/holds`, { ...customer(), units: 1 }), status);
      expectError(await send(test.app, user, "GET", `/api/bikes/${untracked}/holds`), status);
      expectError(await as(`/api/holds/${holdId}/release`), status);
      expectError(await as(`/api/holds/${holdId}/extend`, extension), status);
    }
    expect(await unitsOf(test.app, staff, id)).toMatchObject([{ status: "in_stock" }]);
    expect(await bike(untracked)).toMatchObject({ held: 1 });
  });
});
