import {
  bikeDetailsSchema,
  bikeSchema,
  type BikeDetails,
  type BikeDetailsInput,
} from "@ultimate-bikes/contract/bikes";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../test/accounts.ts";
import { fieldsOf } from "../../test/api-errors.ts";
import {
  EVENTS_URL,
  liveAfter,
  nextStockOf,
  newestMovementId,
  useListening,
  useStreams,
} from "../../test/event-streams.ts";
import { signUpAs } from "../../test/roles.ts";
import { useSecondInstance } from "../../test/second-instance.ts";
import { addBike, deliver, movementsOf, send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

const editable = ({ tag: _tag, ...details }: BikeDetails): BikeDetailsInput => details;

describe(`editing a bike's details on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["staff", "colleague"] });
  const second = useSecondInstance(test);
  const { staff, colleague } = test.users;

  async function detailsOf(user: TestUser, id: string) {
    const response = await send(test.app, user, "GET", `/api/bikes/${id}/details`);
    expect(response.statusCode, response.body).toBe(200);
    const details = bikeDetailsSchema.parse(response.json());
    expect(response.headers.etag).toBe(`"${details.tag}"`);
    return details;
  }

  const edit = (
    user: TestUser,
    id: string,
    body: unknown,
    ifMatch: string | undefined,
    app = test.app,
  ) =>
    send(app, user, "PUT", `/api/bikes/${id}/details`, body as Record<string, unknown>, {
      ...(ifMatch === undefined ? {} : { "if-match": ifMatch }),
    });

  it("saves the new details, answers them with a new tag, and shows them in every read", async () => {
    const id = await addBike(test.app, staff, { name: "Before", price: 1000, quantity: 4 });
    const before = await detailsOf(staff, id);
    const changed = { ...editable(before), name: "After", price: "1234.50", reorderPoint: "6" };

    const response = await edit(staff, id, changed, `"${before.tag}"`);
    expect(response.statusCode, response.body).toBe(200);
    const after = bikeDetailsSchema.parse(response.json());
    expect(after).toMatchObject({ name: "After", price: 1234.5, reorderPoint: 6 });
    expect(after.tag).not.toBe(before.tag);
    expect(response.headers.etag).toBe(`"${after.tag}"`);

    const bike = bikeSchema.parse((await test.app.inject(`/api/bikes/${id}`)).json());
    expect(bike).toMatchObject({ name: "After", price: 1234.5, reorderPoint: 6, quantity: 4 });
    const page = (await test.app.inject(`/api/stock?q=after&limit=100`)).json() as {
      items: { _id: string; status: string }[];
    };
    expect(page.items.find((item) => item._id === id)?.status).toBe("low");
  });

  it("records the edit in the ledger with what changed, and nothing when nothing changed", async () => {
    const id = await addBike(test.app, staff, { name: "Ledger edit", price: 500, quantity: 9 });
    const before = await detailsOf(staff, id);
    const changed = { ...editable(before), price: 550, supplierName: "New Importer Ltd." };
    expect((await edit(staff, id, changed, `"${before.tag}"`)).statusCode).toBe(200);

    const [latest] = await movementsOf(test.app, staff, id);
    expect(latest).toMatchObject({ kind: "edit", delta: 0, quantityAfter: 9, reference: null });
    expect(latest!.changes).toEqual([
      { field: "price", from: 500, to: 550 },
      { field: "supplierName", from: before.supplierName, to: "New Importer Ltd." },
    ]);
    expect(latest!.actorName).not.toBeNull();

    const after = await detailsOf(staff, id);
    const again = await edit(staff, id, editable(after), `"${after.tag}"`);
    expect(again.statusCode).toBe(200);
    expect(bikeDetailsSchema.parse(again.json()).tag).toBe(after.tag);
    expect(await movementsOf(test.app, staff, id)).toHaveLength(2);
  });

  it("changes only the details a PATCH names, and the ledger names only those", async () => {
    const id = await addBike(test.app, staff, { name: "Patched", price: 500, quantity: 3 });
    const before = await detailsOf(staff, id);
    const patch = (body: Record<string, unknown>, tag: string | undefined) =>
      send(test.app, staff, "PATCH", `/api/bikes/${id}/details`, body, {
        ...(tag === undefined ? {} : { "if-match": `"${tag}"` }),
      });

    const response = await patch({ des: "Only this.", price: "525" }, before.tag);
    expect(response.statusCode, response.body).toBe(200);
    const after = bikeDetailsSchema.parse(response.json());
    expect(after).toMatchObject({ ...editable(before), des: "Only this.", price: 525 });
    const [latest] = await movementsOf(test.app, staff, id);
    expect(latest!.changes).toEqual([
      { field: "des", from: before.des, to: "Only this." },
      { field: "price", from: 500, to: 525 },
    ]);

    // The same rules as a whole edit: a stale tag is 412, none is 428, a bad value 400.
    expect((await patch({ name: "Late" }, before.tag)).statusCode).toBe(412);
    expect((await patch({ name: "Untagged" }, undefined)).statusCode).toBe(428);
    expect(fieldsOf(await patch({ price: "-1" }, after.tag))).toContain("body.price");
    expect((await patch({ quantity: 99 }, after.tag)).statusCode).toBe(400);
    expect(await detailsOf(staff, id)).toEqual(after);
  });

  it("refuses an edit made from details someone has changed since (412), on any server, and keeps theirs", async () => {
    const id = await addBike(test.app, staff, { name: "Contested" });
    const loaded = await detailsOf(staff, id);

    const theirs = await edit(
      colleague,
      id,
      { ...editable(loaded), name: "Theirs" },
      `"${loaded.tag}"`,
      second.app,
    );
    expect(theirs.statusCode).toBe(200);
    const mine = await edit(staff, id, { ...editable(loaded), name: "Mine" }, `"${loaded.tag}"`);
    expect(mine.statusCode).toBe(412);
    expect(mine.json()).toMatchObject({
      statusCode: 412,
      message: expect.stringMatching(/Someone else changed this bike/),
    });
    expect((await detailsOf(staff, id)).name).toBe("Theirs");
    expect(
      (await movementsOf(test.app, staff, id)).filter((movement) => movement.kind === "edit"),
    ).toHaveLength(1);

    // Knowing theirs now, the staff member may save over it on purpose.
    const current = await detailsOf(staff, id);
    const overwrite = await edit(
      staff,
      id,
      { ...editable(current), name: "Mine" },
      `"${current.tag}"`,
    );
    expect(overwrite.statusCode).toBe(200);
    expect((await detailsOf(colleague, id)).name).toBe("Mine");
  });

  it("lets concurrent edits from the same version through one at a time: one saves, the rest are 412", async () => {
    const id = await addBike(test.app, staff, { name: "Race" });
    const loaded = await detailsOf(staff, id);
    const answers = await Promise.all(
      ["One", "Two", "Three", "Four"].map((name, index) =>
        edit(
          staff,
          id,
          { ...editable(loaded), name },
          `"${loaded.tag}"`,
          index % 2 ? second.app : test.app,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 412, 412, 412]);
    const winner = bikeDetailsSchema.parse(
      answers.find((answer) => answer.statusCode === 200)!.json(),
    );
    expect((await detailsOf(staff, id)).name).toBe(winner.name);
  });

  it("needs If-Match (428), accepts * and a list, and never matches a weak tag", async () => {
    const id = await addBike(test.app, staff);
    const loaded = await detailsOf(staff, id);
    const body = { ...editable(loaded), des: "Updated description." };
    expect((await edit(staff, id, body, undefined)).statusCode).toBe(428);
    expect((await edit(staff, id, body, `W/"${loaded.tag}"`)).statusCode).toBe(412);
    expect((await edit(staff, id, body, `"other", "${loaded.tag}"`)).statusCode).toBe(200);
    expect((await edit(staff, id, { ...body, des: "Again." }, "*")).statusCode).toBe(200);
  });

  it("does not change the quantity, which only deliveries and imports move", async () => {
    const id = await addBike(test.app, staff, { quantity: 5 });
    const loaded = await detailsOf(staff, id);
    const withQuantity = await edit(
      staff,
      id,
      { ...editable(loaded), quantity: 99 },
      `"${loaded.tag}"`,
    );
    expect(withQuantity.statusCode).toBe(400);
    // A delivery in between changes no detail, so the form's tag still holds.
    expect((await deliver(test.app, staff, id)).statusCode).toBe(200);
    const edited = await edit(
      staff,
      id,
      { ...editable(loaded), name: "Kept stock" },
      `"${loaded.tag}"`,
    );
    expect(edited.statusCode).toBe(200);
    expect(bikeSchema.parse((await test.app.inject(`/api/bikes/${id}`)).json()).quantity).toBe(4);
  });

  it.each([
    ["name", { name: "" }, "body.name"],
    ["price", { price: "12.345" }, "body.price"],
    ["photo", { photo: "javascript:alert(1)" }, "body.photo"],
    ["reorder point", { reorderPoint: -1 }, "body.reorderPoint"],
  ])("refuses a bad %s with a 400 naming it, and changes nothing", async (_label, bad, field) => {
    const id = await addBike(test.app, staff, { name: "Valid" });
    const loaded = await detailsOf(staff, id);
    const response = await edit(staff, id, { ...editable(loaded), ...bad }, `"${loaded.tag}"`);
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toContain(field);
    expect(await detailsOf(staff, id)).toEqual(loaded);
  });

  it("answers 404 for an unknown bike and 401 for a visitor", async () => {
    const unknown = "0b0d7a3e-4f4e-4b8e-9f8e-2a4d5c6b7a80";
    const loaded = await detailsOf(staff, await addBike(test.app, staff));
    expect((await edit(staff, unknown, editable(loaded), "*")).statusCode).toBe(404);
    expect((await send(test.app, staff, "GET", `/api/bikes/${unknown}/details`)).statusCode).toBe(
      404,
    );
    expect(
      (await edit(undefined as unknown as TestUser, unknown, editable(loaded), "*")).statusCode,
    ).toBe(401);
  });

  describe("live", () => {
    const listening = useListening(() => test.app);
    const openStream = useStreams();

    it("tells open pages of the edit, with the bike as it is now", async () => {
      const id = await addBike(test.app, staff, { name: "Streamed", quantity: 3 });
      const stream = await openStream(`${listening.origin}${EVENTS_URL}`);
      await liveAfter(stream, await newestMovementId(test.app, staff, id));
      const loaded = await detailsOf(staff, id);
      expect(
        (await edit(staff, id, { ...editable(loaded), name: "Streamed again" }, `"${loaded.tag}"`))
          .statusCode,
      ).toBe(200);
      const event = await nextStockOf(stream, id);
      expect(event).toMatchObject({ kind: "edit", delta: 0, quantity: 3, name: "Streamed again" });
      expect(event.bike).toMatchObject({ _id: id, name: "Streamed again", quantity: 3 });
    });
  });
});

describe(`who may edit under ACCESS_POLICY=invite on ${testDatabaseKind}`, () => {
  const test = useTestApp({ environment: { ACCESS_POLICY: "invite" } });

  it("lets a member edit their own bike only, and staff any bike", async () => {
    const member = await signUpAs(test.app, test.config, "member");
    const otherMember = await signUpAs(test.app, test.config, "member");
    const staff = await signUpAs(test.app, test.config, "staff");
    const own = await addBike(test.app, member, { name: "Member's own" });
    const theirs = await addBike(test.app, otherMember, { name: "Someone else's" });
    const details = async (user: TestUser, id: string) =>
      send(test.app, user, "GET", `/api/bikes/${id}/details`);
    const put = (user: TestUser, id: string, name: string) =>
      details(staff, id).then((response) => {
        const loaded = bikeDetailsSchema.parse(response.json());
        return send(
          test.app,
          user,
          "PUT",
          `/api/bikes/${id}/details`,
          { ...editable(loaded), name },
          {
            "if-match": `"${loaded.tag}"`,
          },
        );
      });

    expect((await details(member, own)).statusCode).toBe(200);
    expect((await put(member, own, "Renamed by owner")).statusCode).toBe(200);
    const refused = await put(member, theirs, "Renamed by a stranger");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: expect.stringMatching(/only they or warehouse staff can edit it/),
    });
    expect((await details(member, theirs)).statusCode).toBe(403);
    expect((await put(staff, theirs, "Renamed by staff")).statusCode).toBe(200);
  });
});
