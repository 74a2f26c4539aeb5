import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import { deletedBikeListSchema, type DeletedBike } from "@ultimate-bikes/contract/deleted-bikes";
import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { findMailedLink } from "@ultimate-bikes/test-support/mailbox";
import { uniqueBikeName } from "@ultimate-bikes/test-support/new-bike";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, testNameOf, type TestUser } from "../../test/accounts.ts";
import { expectError } from "../../test/api-errors.ts";
import {
  EVENTS_URL,
  expectOk,
  ledgerOf,
  liveAfter,
  newestMovementId,
  nextStockOf,
  useListening,
  useStreams,
} from "../../test/event-streams.ts";
import {
  addBike,
  deliver,
  importUnits,
  listBikes,
  quantityOf,
  send,
  UNKNOWN_BIKE_ID,
} from "../../test/stock-helpers.ts";
import { searchStock } from "../../test/stock-search.ts";
import { openStoredDataProbe, type StoredDataProbe } from "../../test/stored-data.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import type { AppConfig } from "../config.ts";
import { createDeletedBikesRepository } from "./deleted-bikes-repository.ts";
import { startDeletedBikePurge } from "./deleted-bike-purge.ts";

/*
 * Soft delete (docs/decisions/015): a delete moves the bike to Recently deleted, a restore brings
 * it back with its id, quantity and history, and the purge ends it after the retention period
 * while the ledger keeps everything.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const remove = (app: FastifyInstance, user: TestUser, id: string) =>
  send(app, user, "DELETE", `/api/bikes/${id}`);
const restore = (app: FastifyInstance, user: TestUser | undefined, id: string) =>
  send(app, user, "POST", `/api/deleted-bikes/${id}/restore`);

async function recentlyDeleted(app: FastifyInstance, user: TestUser) {
  const response = await send(app, user, "GET", "/api/deleted-bikes");
  expectOk(response);
  return deletedBikeListSchema.parse(response.json());
}

const deletedIds = async (app: FastifyInstance, user: TestUser) =>
  (await recentlyDeleted(app, user)).items.map((bike) => bike._id);

/** What the ledger says, without ids and times. */
const ledgerKinds = async (app: FastifyInstance, user: TestUser, id: string) =>
  (await ledgerOf(app, user, id)).map(({ kind, delta, quantityAfter }) => ({
    kind,
    delta,
    quantityAfter,
  }));

describe(`soft delete and restore on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff", "colleague"] });
  const { staff, colleague } = test.users;
  const server = useListening(() => test.app);
  const openStream = useStreams();
  let probe: StoredDataProbe | undefined;
  beforeAll(() => {
    probe = openStoredDataProbe(test.config, test.app.log);
  });
  afterAll(() => probe?.close());

  it("restores a deleted bike with its id, quantity and history, on every read", async () => {
    const name = uniqueBikeName();
    const id = await addBike(test.app, staff, { name, quantity: 6 });
    expectOk(await deliver(test.app, colleague, id));
    expectOk(await importUnits(test.app, staff, id, 2));
    // Read (and so cached) before the delete: the cache must not answer with it afterwards.
    expect(await quantityOf(test.app, id)).toBe(7);

    const deleted = await remove(test.app, staff, id);
    expectOk(deleted);
    expect(deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await quantityOf(test.app, id)).toBeUndefined();
    expect((await listBikes(test.app)).map((bike) => bike._id)).not.toContain(id);
    expect((await searchStock(test.app, { q: name })).items).toEqual([]);

    const restored = await restore(test.app, colleague, id);
    expectOk(restored);
    expect(bikeSchema.parse(restored.json())).toMatchObject({ _id: id, name, quantity: 7 });
    expect(await quantityOf(test.app, id)).toBe(7);
    expect((await listBikes(test.app)).find((bike) => bike._id === id)).toMatchObject({
      name,
      quantity: 7,
    });
    const found = await searchStock(test.app, { q: name });
    expect(found.items.map((bike) => [bike._id, bike.quantity])).toEqual([[id, 7]]);

    expect(await ledgerKinds(test.app, staff, id)).toEqual([
      { kind: "create", delta: 6, quantityAfter: 6 },
      { kind: "deliver", delta: -1, quantityAfter: 5 },
      { kind: "import", delta: 2, quantityAfter: 7 },
      { kind: "delete", delta: -7, quantityAfter: 0 },
      { kind: "restore", delta: 7, quantityAfter: 7 },
    ]);
    const [restoredBy] = await ledgerOf(test.app, staff, id).then((ledger) => ledger.slice(-1));
    expect(restoredBy?.actorName).toBe(testNameOf(colleague.email));

    // Back in stock as before: it takes changes, and a second round trip changes nothing else.
    expectOk(await deliver(test.app, staff, id));
    expectOk(await remove(test.app, staff, id));
    expectOk(await restore(test.app, staff, id));
    expect(await quantityOf(test.app, id)).toBe(6);
    expect((await searchStock(test.app, { q: name })).items).toHaveLength(1);
  });

  it("lists deleted bikes for staff, newest first, with who deleted them and until when", async () => {
    const first = await addBike(test.app, staff, { quantity: 3 });
    const second = await addBike(test.app, colleague, { quantity: 4, price: "1999.5" });
    expectOk(await remove(test.app, staff, first));
    expectOk(await remove(test.app, colleague, second));

    const response = await send(test.app, staff, "GET", "/api/deleted-bikes");
    expectOk(response);
    // Colleagues are named, never shown by their email.
    expect(response.body).not.toContain(staff.email);
    expect(response.body).not.toContain(colleague.email);
    const { items, retentionDays } = deletedBikeListSchema.parse(response.json());
    expect(retentionDays).toBe(30);
    const [newest, older] = items;
    expect(newest).toMatchObject({
      _id: second,
      quantity: 4,
      price: 1999.5,
      deletedBy: testNameOf(colleague.email),
    });
    expect(older).toMatchObject({ _id: first, quantity: 3, deletedBy: testNameOf(staff.email) });
    for (const bike of [newest, older] as DeletedBike[]) {
      expect(Date.parse(bike.purgeAt) - Date.parse(bike.deletedAt)).toBe(30 * DAY_MS);
    }
    expect(Date.parse(newest!.deletedAt)).toBeGreaterThanOrEqual(Date.parse(older!.deletedAt));

    expectOk(await restore(test.app, staff, first));
    const left = await deletedIds(test.app, staff);
    expect(left).toContain(second);
    expect(left).not.toContain(first);
  });

  it("restores a bike once when restores race, with one ledger entry", async () => {
    const id = await addBike(test.app, staff, { quantity: 5 });
    expectOk(await remove(test.app, staff, id));

    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) => restore(test.app, index % 2 ? colleague : staff, id)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200, 404, 404, 404, 404, 404,
    ]);
    expectError(await restore(test.app, staff, id), 404);
    const restores = (await ledgerOf(test.app, staff, id)).filter(
      (movement) => movement.kind === "restore",
    );
    expect(restores).toEqual([expect.objectContaining({ delta: 5, quantityAfter: 5 })]);
    expect(await quantityOf(test.app, id)).toBe(5);
  });

  it("answers 404 for what is not in Recently deleted and 401 for anonymous callers", async () => {
    const live = await addBike(test.app, staff);
    const deleted = await addBike(test.app, staff);
    expectOk(await remove(test.app, staff, deleted));

    for (const id of [UNKNOWN_BIKE_ID, "not-a-bike-id", live]) {
      expect(expectError(await restore(test.app, staff, id), 404).message).toBe(
        "No bike with that id",
      );
    }
    expectError(await restore(test.app, undefined, deleted), 401);
    expectError(await send(test.app, undefined, "GET", "/api/deleted-bikes"), 401);
    expect(await deletedIds(test.app, staff)).toContain(deleted);
    expect(await quantityOf(test.app, live)).toBeDefined();
  });

  it("sends a restore to live streams with the bike's public fields", async () => {
    const name = uniqueBikeName();
    const id = await addBike(test.app, staff, { name, quantity: 4, reorderPoint: 5 });
    expectOk(await remove(test.app, staff, id));
    const stream = await openStream(`${server.origin}${EVENTS_URL}`);
    await liveAfter(stream, await newestMovementId(test.app, staff, id));

    expectOk(await restore(test.app, colleague, id));
    const restored = await nextStockOf(stream, id);
    expect(restored).toMatchObject({ bikeId: id, name, kind: "restore", delta: 4, quantity: 4 });
    expect(restored.id).toBe(await newestMovementId(test.app, staff, id));
    const [listed] = (await searchStock(test.app, { q: name })).items;
    expect(restored.bike).toEqual(listed);
    expect(restored.bike).toMatchObject({ _id: id, quantity: 4, status: "low" });
  });

  it("purges bikes past the retention period and keeps the younger ones and every ledger", async () => {
    const old = await addBike(test.app, staff, { quantity: 2 });
    const young = await addBike(test.app, staff, { quantity: 3 });
    expectOk(await remove(test.app, staff, old));
    expectOk(await remove(test.app, staff, young));
    const { db } = probe!.database;
    const longAgo = new Date(Date.now() - 31 * DAY_MS).toISOString();
    await db
      .updateTable("deleted_bike")
      .set({ deleted_at: longAgo })
      .where("id", "=", old)
      .execute();
    const ledgerBefore = await ledgerOf(test.app, staff, old);

    // As a server starting on this database would: its first purge runs at start-up.
    const purge = await startDeletedBikePurge({
      deletedBikes: createDeletedBikesRepository(db, { publicUrl: test.config.publicUrl }),
      retentionDays: test.config.deletedRetentionDays,
      log: test.app.log,
    });
    await purge.stop();

    const left = await deletedIds(test.app, staff);
    expect(left).toContain(young);
    expect(left).not.toContain(old);
    expectError(await restore(test.app, staff, old), 404);
    expect(await ledgerOf(test.app, staff, old)).toEqual(ledgerBefore);
    expect(ledgerBefore.map((movement) => movement.kind)).toEqual(["create", "delete"]);
    expectOk(await restore(test.app, staff, young));
  });
});

/** Signs up an address ADMIN_EMAILS names and verifies it, as admin rights need. */
async function signUpAdmin(app: FastifyInstance, config: AppConfig, email: string) {
  const admin = await signUp(app, email);
  const link = findMailedLink(config.mail.outboxDir, email, "verify-email");
  if (!link) throw new Error(`no verification mail to ${email}`);
  const token = new URL(link).searchParams.get("token") ?? "";
  expectOk(await app.inject(`/api/auth/verify-email?token=${encodeURIComponent(token)}`));
  return admin;
}

describe(`restoring as a member under ACCESS_POLICY=invite on ${testDatabaseKind}`, () => {
  const adminEmail = uniqueEmail("admin");
  const test = useTestApp({
    environment: { ACCESS_POLICY: "invite", ADMIN_EMAILS: adminEmail },
    signedUpUsers: ["member", "otherMember"],
  });
  const { member, otherMember } = test.users;
  let admin: TestUser;
  beforeAll(async () => {
    admin = await signUpAdmin(test.app, test.config, adminEmail);
  });

  it("lets a member undo the cancel of their own item", async () => {
    const id = await addBike(test.app, member, { quantity: 2 });
    expectOk(await send(test.app, member, "DELETE", `/api/items/${id}`));
    const restored = await restore(test.app, member, id);
    expectOk(restored);
    expect(restored.json()).toMatchObject({ _id: id, quantity: 2 });
    expect(await quantityOf(test.app, id)).toBe(2);
  });

  it("refuses a member another user's bike and warehouse stock, which staff restore", async () => {
    const theirs = await addBike(test.app, otherMember);
    expectOk(await send(test.app, otherMember, "DELETE", `/api/items/${theirs}`));
    const warehouse = (await listBikes(test.app))[0]!._id;
    expectOk(await remove(test.app, admin, warehouse));

    expect(expectError(await restore(test.app, member, theirs), 403).message).toMatch(
      /belongs to another user/,
    );
    expect(expectError(await restore(test.app, member, warehouse), 403).message).toMatch(
      /Only warehouse staff/,
    );
    expectError(await send(test.app, member, "GET", "/api/deleted-bikes"), 403);
    expect(await quantityOf(test.app, theirs)).toBeUndefined();

    expect(await deletedIds(test.app, admin)).toEqual(expect.arrayContaining([theirs, warehouse]));
    expectOk(await restore(test.app, admin, theirs));
    expectOk(await restore(test.app, admin, warehouse));
    expect(await quantityOf(test.app, warehouse)).toBeDefined();
  });
});
