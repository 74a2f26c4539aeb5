import { unitPageSchema } from "@ultimate-bikes/contract/unit-history";
import { transferSchema, type Transfer } from "@ultimate-bikes/contract/transfers";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "../../test/accounts.ts";
import { expectError } from "../../test/api-errors.ts";
import { signUpAs } from "../../test/roles.ts";
import { send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { createTransfer, placeIds } from "../../test/transfer-helpers.ts";
import { addTrackedModel, expectUnitsMatchCounts, unitsOf } from "../../test/unit-helpers.ts";

describe(`a tracked model's units on transfers on ${testDatabaseKind}`, () => {
  const test = useTestApp({ environment: { ACCESS_POLICY: "invite" } });
  let staff: TestUser;
  let main: string;
  let khulna: string;

  beforeAll(async () => {
    staff = await signUpAs(test.app, test.config, "staff");
    const places = await placeIds(test.app);
    main = places["Main warehouse"]!;
    khulna = places["Khulna showroom"]!;
  });

  const trackedModel = async (quantity: number) =>
    (await addTrackedModel(test.app, staff, quantity, main)).id;

  const sent = async (bikeId: string, quantity: number): Promise<Transfer> =>
    createTransfer(test.app, staff, {
      sourcePlaceId: main,
      destinationPlaceId: khulna,
      lines: [{ bikeId, quantity }],
      send: true,
    });
  const receive = (transfer: Transfer, body?: object) =>
    send(test.app, staff, "POST", `/api/transfers/${transfer.id}/receive`, body);

  it("sends the oldest units in transit and receives them in stock at the destination", async () => {
    const id = await trackedModel(5);
    const [oldest, second, third] = await unitsOf(test.app, staff, id);
    const transfer = await sent(id, 3);
    expect(transfer.lines[0]!.units.map((unit) => unit.chassis)).toEqual(
      [oldest, second, third].map((unit) => unit!.chassis),
    );
    const inTransit = await expectUnitsMatchCounts(test.app, staff, id);
    expect(inTransit.bike.inTransit).toBe(3);
    expect(inTransit.units.filter((unit) => unit.transferId === transfer.id)).toHaveLength(3);

    const received = await receive(transfer);
    expect(received.statusCode, received.body).toBe(200);
    const { units } = await expectUnitsMatchCounts(test.app, staff, id);
    expect(units.filter((unit) => unit.place === "Khulna showroom").map((u) => u.status)).toEqual([
      "in_stock",
      "in_stock",
      "in_stock",
    ]);
    const story = unitPageSchema.parse(
      (await send(test.app, staff, "GET", `/api/units/${oldest!.id}`)).json(),
    );
    expect(story.history.map((entry) => entry.kind)).toEqual(["receive", "send", "track"]);
  });

  it("records the units that did not arrive as missing, once the receipt names those that did", async () => {
    const id = await trackedModel(2);
    const transfer = await sent(id, 2);
    const [first, second] = transfer.lines[0]!.units;
    const unnamed = await receive(transfer, {
      lines: [{ bikeId: id, received: 1, reason: "Fell off the truck" }],
    });
    expect(expectError(unnamed, 400).fields).toEqual([
      { field: "body.lines.0.unitIds", message: "must name the units that arrived (scan them)" },
    ]);
    const wrong = await receive(transfer, {
      lines: [{ bikeId: id, received: 1, reason: "Fell off the truck", unitIds: [id] }],
    });
    expect(expectError(wrong, 400).fields?.[0]?.message).toBe(
      "must name the 1 units that arrived, of those sent",
    );
    const received = await receive(transfer, {
      lines: [{ bikeId: id, received: 1, reason: "Fell off the truck", unitIds: [second!.id] }],
    });
    expect(received.statusCode, received.body).toBe(200);
    const line = transferSchema.parse(received.json()).lines[0]!;
    expect(line.units.map(({ chassis, status }) => ({ chassis, status }))).toEqual([
      { chassis: first!.chassis, status: "missing" },
      { chassis: second!.chassis, status: "in_stock" },
    ]);
    const { bike } = await expectUnitsMatchCounts(test.app, staff, id);
    expect(bike).toMatchObject({ quantity: 1, inTransit: 0 });
    const story = unitPageSchema.parse(
      (await send(test.app, staff, "GET", `/api/units/${first!.id}`)).json(),
    );
    expect(story.unit).toMatchObject({ status: "missing", place: "Khulna showroom" });
    expect(story.history.map(({ kind, reference }) => ({ kind, reference }))[0]).toEqual({
      kind: "shortfall",
      reference: "Fell off the truck",
    });
  });
});
