import { lowStockAlertsSchema } from "@ultimate-bikes/contract/alerts";
import { bikeDetailsSchema } from "@ultimate-bikes/contract/bikes";
import type { FastifyInstance } from "fastify";
import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "../../test/accounts.ts";
import { useSecondInstance } from "../../test/second-instance.ts";
import { useSmtpCapture } from "../../test/smtp.ts";
import { addBike, deliver, importUnits, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

/** Fast enough for a test: the worker looks every 100 ms and retries after 100 ms, 200 ms… */
const TEST_TIMING = { pollMs: 100, retryBaseMs: 100, claimMs: 2_000 };
/** Long enough for a mail that should not come to have come. */
const QUIET_MS = 800;

describe(`low-stock alerts by mail on ${testDatabaseKind}`, () => {
  const capture = useSmtpCapture();
  const { environment } = capture;
  const test = useTestApp({
    signedUpUsers: ["subscriber", "other"],
    environment,
    overrides: { alertTiming: TEST_TIMING },
  });
  // A second server on the same database, with its own worker, as a cluster runs them.
  const second = useSecondInstance(test);
  const { subscriber, other } = test.users;

  const subscribe = (user: TestUser, subscribed: boolean, app: FastifyInstance = test.app) =>
    send(app, user, "PUT", "/api/account/low-stock-alerts", { subscribed });
  const mailsAbout = (name: string) =>
    capture.smtp.messages.filter((mail) => mail.subject.includes(name));
  const expectMails = (name: string, count: number) =>
    expect.poll(() => mailsAbout(name).length, { timeout: 15_000 }).toBe(count);

  beforeAll(async () => {
    expect((await subscribe(subscriber, true)).statusCode).toBe(200);
  });

  it("remembers who asked for alerts", async () => {
    const asked = await send(test.app, subscriber, "GET", "/api/account/low-stock-alerts");
    expect(lowStockAlertsSchema.parse(asked.json())).toEqual({ subscribed: true });
    const notAsked = await send(test.app, other, "GET", "/api/account/low-stock-alerts");
    expect(lowStockAlertsSchema.parse(notAsked.json())).toEqual({ subscribed: false });
    expect(
      (await send(test.app, other, "PUT", "/api/account/low-stock-alerts", { subscribed: "yes" }))
        .statusCode,
    ).toBe(400);
  });

  it("mails each subscriber once when a delivery crosses the reorder point, through SMTP", async () => {
    const name = `Crossing ${Math.random().toString(36).slice(2, 8)}`;
    const id = await addBike(test.app, other, { name, quantity: 5, reorderPoint: 3 });
    expect((await deliver(test.app, other, id)).statusCode).toBe(200);
    await sleep(QUIET_MS);
    expect(mailsAbout(name)).toHaveLength(0);

    expect((await deliver(test.app, other, id)).statusCode).toBe(200);
    await expectMails(name, 1);
    const [mail] = mailsAbout(name);
    expect(mail!.to).toEqual([subscriber.email]);
    expect(mail!.subject).toBe(`Low stock: ${name} (3 left)`);
    // Quoted-printable may break a long line: joined again, the link is whole.
    expect(mail!.raw.replace(/=\r?\n/g, "")).toContain(`${test.config.publicUrl}/inventory/${id}`);
    expect(mail!.messageId).toMatch(/^<low-stock-\d+-.+@ultimate-bikes>$/);

    // Further down is the same crossing: no more mail, not even at 0.
    for (let left = 2; left >= 0; left--)
      expect((await deliver(second.app, other, id)).statusCode).toBe(200);
    await sleep(QUIET_MS);
    expect(mailsAbout(name)).toHaveLength(1);

    // Restocked and run down again: a new crossing, a new mail.
    expect((await importUnits(test.app, other, id, 10)).statusCode).toBe(200);
    for (let delivered = 0; delivered < 7; delivered++) {
      expect((await deliver(test.app, other, id)).statusCode).toBe(200);
    }
    await expectMails(name, 2);
    await sleep(QUIET_MS);
    expect(mailsAbout(name)).toHaveLength(2);
  });

  it("counts raising the reorder point over the stock as a crossing", async () => {
    const name = `Raised ${Math.random().toString(36).slice(2, 8)}`;
    const id = await addBike(test.app, other, { name, quantity: 5, reorderPoint: 3 });
    const loaded = bikeDetailsSchema.parse(
      (await send(test.app, other, "GET", `/api/bikes/${id}/details`)).json(),
    );
    const { tag, ...details } = loaded;
    const edited = await send(
      test.app,
      other,
      "PUT",
      `/api/bikes/${id}/details`,
      { ...details, reorderPoint: 8 },
      {
        "if-match": `"${tag}"`,
      },
    );
    expect(edited.statusCode).toBe(200);
    await expectMails(name, 1);
    expect(mailsAbout(name)[0]!.subject).toBe(`Low stock: ${name} (5 left)`);
  });

  it("sends one mail per crossing when two servers run the worker, for many crossings at once", async () => {
    const prefix = `Cluster ${Math.random().toString(36).slice(2, 8)}`;
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        addBike(test.app, other, { name: `${prefix} ${index}`, quantity: 1, reorderPoint: 0 }),
      ),
    );
    await Promise.all(
      ids.map((id, index) => deliver(index % 2 ? second.app : test.app, other, id)),
    );
    await expect.poll(() => mailsAbout(prefix).length, { timeout: 15_000 }).toBe(8);
    await sleep(QUIET_MS);
    expect(mailsAbout(prefix)).toHaveLength(8);
    expect(new Set(mailsAbout(prefix).map((mail) => mail.subject)).size).toBe(8);
  });

  it("retries when the mail server is busy, then delivers once", async () => {
    const name = `Busy ${Math.random().toString(36).slice(2, 8)}`;
    const id = await addBike(test.app, other, { name, quantity: 1, reorderPoint: 0 });
    const refusedBefore = capture.smtp.refused;
    capture.smtp.refuseNext(2);
    expect((await deliver(test.app, other, id)).statusCode).toBe(200);
    await expectMails(name, 1);
    expect(capture.smtp.refused - refusedBefore).toBe(2);
    await sleep(QUIET_MS);
    expect(mailsAbout(name)).toHaveLength(1);
  });

  it("stops mailing someone who turned alerts off", async () => {
    expect((await subscribe(other, true, second.app)).statusCode).toBe(200);
    expect((await subscribe(other, false)).statusCode).toBe(200);
    const name = `Off ${Math.random().toString(36).slice(2, 8)}`;
    const id = await addBike(test.app, other, { name, quantity: 1, reorderPoint: 0 });
    expect((await deliver(test.app, other, id)).statusCode).toBe(200);
    await expectMails(name, 1);
    expect(mailsAbout(name)[0]!.to).toEqual([subscriber.email]);
  });
});
