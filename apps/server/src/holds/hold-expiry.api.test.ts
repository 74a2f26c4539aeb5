import { holdRecordListSchema, holdRecordSchema } from "@ultimate-bikes/contract/holds";
import { unitPageSchema } from "@ultimate-bikes/contract/unit-history";
import { unitSchema } from "@ultimate-bikes/contract/units";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { testNameOf } from "../../test/accounts.ts";
import { EVENTS_URL, nextStockOf, useListening, useStreams } from "../../test/event-streams.ts";
import { useSecondInstance } from "../../test/second-instance.ts";
import { useSmtpCapture } from "../../test/smtp.ts";
import { addBike, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { bikeOf, placeIds } from "../../test/transfer-helpers.ts";
import { addTrackedModel, expectUnitsMatchCounts, unitsOf } from "../../test/unit-helpers.ts";

const HOUR_MS = 60 * 60 * 1000;
/** Long enough for a mail that should not come to have come (the workers look every 100 ms). */
const QUIET_MS = 800;

describe(`holds expiring by themselves on ${testDatabaseKind}`, () => {
  const capture = useSmtpCapture();
  const { environment } = capture;
  // The servers' clock, moved on by the tests to make holds due.
  let aheadMs = 0;
  const clock = () => new Date(Date.now() + aheadMs);
  const test = useTestApp({
    signedUpUsers: ["maker", "other"],
    environment,
    overrides: { holdExpiry: { pollMs: 100, clock } },
  });
  // A second server on the same database running the worker too, as a cluster does.
  const second = useSecondInstance(test);
  const { maker, other } = test.users;

  const hold = (path: string, customerName: string, expiresInMs: number, extra: object = {}) =>
    send(test.app, maker, "POST", path, {
      customerName,
      customerPhone: "01711000000",
      expiresAt: new Date(clock().getTime() + expiresInMs).toISOString(),
      ...extra,
    });
  const mailsFor = (customer: string) =>
    capture.smtp.messages.filter((mail) => mail.subject.endsWith(`for ${customer}`));

  it("ends due holds, units available again, and mails each maker once with two servers running", async () => {
    const main = (await placeIds(test.app))["Main warehouse"]!;
    const { id } = await addTrackedModel(test.app, maker, 2, main);
    const [soon, later] = await unitsOf(test.app, maker, id);
    const untracked = await addBike(test.app, maker, { quantity: "2" });
    const tag = Math.random().toString(36).slice(2, 8);

    const soonHeld = await hold(`/api/units/${soon!.id}/hold`, `Soon ${tag}`, HOUR_MS);
    expect(soonHeld.statusCode, soonHeld.body).toBe(200);
    const laterHeld = await hold(`/api/units/${later!.id}/hold`, `Later ${tag}`, 3 * HOUR_MS);
    expect(laterHeld.statusCode, laterHeld.body).toBe(200);
    const nHeld = await hold(`/api/bikes/${untracked}/holds`, `Several ${tag}`, HOUR_MS, {
      units: 2,
    });
    expect(nHeld.statusCode, nHeld.body).toBe(201);
    const severalId = holdRecordSchema.parse(nHeld.json()).id;
    const soonHoldId = unitSchema.parse(soonHeld.json()).hold!.id;
    await sleep(QUIET_MS);
    expect(mailsFor(`Soon ${tag}`)).toHaveLength(0);

    aheadMs = 2 * HOUR_MS;
    await expect
      .poll(() => mailsFor(`Soon ${tag}`).length + mailsFor(`Several ${tag}`).length, {
        timeout: 15_000,
      })
      .toBe(2);
    await sleep(QUIET_MS);
    expect(mailsFor(`Soon ${tag}`)).toHaveLength(1);
    expect(mailsFor(`Several ${tag}`)).toHaveLength(1);
    expect(mailsFor(`Later ${tag}`)).toHaveLength(0);

    const [mail] = mailsFor(`Soon ${tag}`);
    expect(mail!.to).toEqual([maker.email]);
    expect(mail!.subject).toBe(`Hold expired: ${soon!.bikeName} ${soon!.chassis} for Soon ${tag}`);
    expect(mail!.messageId).toBe(`<hold-${soonHoldId}@ultimate-bikes>`);
    expect(mail!.raw.replace(/=\r?\n/g, "")).toContain(
      `${test.config.publicUrl}/units/${soon!.id}`,
    );
    expect(mail!.raw).toContain(`Hello ${testNameOf(maker.email)},`);
    expect(mailsFor(`Several ${tag}`)[0]!.subject).toMatch(
      /^Hold expired: 2 units of .* for Several /,
    );

    const { bike, units } = await expectUnitsMatchCounts(test.app, maker, id);
    expect(bike.held).toBe(1);
    expect(units.find((unit) => unit.id === soon!.id)).toMatchObject({
      status: "in_stock",
      hold: null,
    });
    expect(units.find((unit) => unit.id === later!.id)?.status).toBe("held");
    expect((await bikeOf(test.app, untracked)).held).toBe(0);
    const open = await send(second.app, other, "GET", `/api/bikes/${untracked}/holds`);
    expect(holdRecordListSchema.parse(open.json())).toEqual([]);
    const page = unitPageSchema.parse(
      (await send(test.app, other, "GET", `/api/units/${soon!.id}`)).json(),
    );
    expect(page.history.map((entry) => [entry.kind, entry.actorName])).toEqual([
      ["hold-expire", null],
      ["hold", testNameOf(maker.email)],
      ["track", testNameOf(maker.email)],
    ]);
    // An expired hold is over: its maker can no longer release it.
    const release = await send(test.app, maker, "POST", `/api/holds/${severalId}/release`);
    expect(release.statusCode).toBe(409);
  });

  it("keeps an extended hold, and retries a mail the mail server refused, still sending it once", async () => {
    const untracked = await addBike(test.app, maker, { quantity: "2" });
    const tag = Math.random().toString(36).slice(2, 8);
    const made = await hold(`/api/bikes/${untracked}/holds`, `Extended ${tag}`, HOUR_MS, {
      units: 1,
    });
    const holdId = holdRecordSchema.parse(made.json()).id;
    const extended = await send(test.app, maker, "POST", `/api/holds/${holdId}/extend`, {
      expiresAt: new Date(clock().getTime() + 4 * HOUR_MS).toISOString(),
    });
    expect(extended.statusCode, extended.body).toBe(200);

    aheadMs += 2 * HOUR_MS;
    await sleep(QUIET_MS);
    expect((await bikeOf(test.app, untracked)).held).toBe(1);
    expect(mailsFor(`Extended ${tag}`)).toHaveLength(0);

    const refusedBefore = capture.smtp.refused;
    capture.smtp.refuseNext(2);
    aheadMs += 3 * HOUR_MS;
    await expect.poll(() => mailsFor(`Extended ${tag}`).length, { timeout: 15_000 }).toBe(1);
    expect(capture.smtp.refused - refusedBefore).toBe(2);
    await sleep(QUIET_MS);
    expect(mailsFor(`Extended ${tag}`)).toHaveLength(1);
    expect((await bikeOf(test.app, untracked)).held).toBe(0);
  });
});

describe(`holds on the live stream on ${testDatabaseKind}`, () => {
  let aheadMs = 0;
  const clock = () => new Date(Date.now() + aheadMs);
  const test = useTestApp({
    signedUpUsers: ["maker"],
    overrides: { holdExpiry: { pollMs: 100, clock } },
  });
  const listening = useListening(() => test.app);
  const openStream = useStreams();
  const { maker } = test.users;

  it("tells every open screen of a hold and of its expiry", async () => {
    const main = (await placeIds(test.app))["Main warehouse"]!;
    const { id } = await addTrackedModel(test.app, maker, 1, main);
    const [unit] = await unitsOf(test.app, maker, id);
    const stream = await openStream(`${listening.origin}${EVENTS_URL}`);
    await stream.next("ready");

    const held = await send(test.app, maker, "POST", `/api/units/${unit!.id}/hold`, {
      customerName: "Rahim Uddin",
      customerPhone: "01711000000",
      expiresAt: new Date(clock().getTime() + HOUR_MS).toISOString(),
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(await nextStockOf(stream, id)).toMatchObject({
      kind: "hold",
      delta: 0,
      quantity: 1,
      place: "Main warehouse",
    });

    aheadMs = 2 * HOUR_MS;
    expect(await nextStockOf(stream, id, 15_000)).toMatchObject({
      kind: "hold-expire",
      quantity: 1,
      place: "Main warehouse",
    });
    expect((await bikeOf(test.app, id)).held).toBe(0);
  });
});
