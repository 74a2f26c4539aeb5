import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import { apiErrorSchema } from "@ultimate-bikes/contract/errors";
import { placeListSchema, placeSchema, type Place } from "@ultimate-bikes/contract/places";
import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "../../test/accounts.ts";
import { signUpAs } from "../../test/roles.ts";
import { addBike, send } from "../../test/stock-helpers.ts";
import { openStoredDataProbe, type StoredDataProbe } from "../../test/stored-data.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { MAIN_WAREHOUSE_ID } from "../db/main-warehouse.ts";

const UNKNOWN_PLACE_ID = "5d1c7c1e-2f0a-4a57-9a41-6f2d1f0c9b11";

describe(`places: adding, changing, archiving, home places, on ${testDatabaseKind}`, () => {
  const test = useTestApp({ environment: { ACCESS_POLICY: "invite" } });
  let admin: TestUser;
  let staff: TestUser;
  let member: TestUser;
  let probe: StoredDataProbe;

  beforeAll(async () => {
    admin = await signUpAs(test.app, test.config, "admin");
    staff = await signUpAs(test.app, test.config, "staff");
    member = await signUpAs(test.app, test.config, "member");
    probe = openStoredDataProbe(test.config, test.app.log);
  });
  afterAll(() => probe.close());

  /** A name no other test uses, so each test's places stand apart. */
  const freshName = (what = "showroom") => `${what} ${randomUUID().slice(0, 8)}`;

  async function addPlace(overrides: Record<string, unknown> = {}): Promise<Place> {
    const response = await send(test.app, admin, "POST", "/api/places", {
      name: freshName(),
      kind: "showroom",
      city: "Bogura",
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return placeSchema.parse(response.json());
  }

  const patchAs = (user: TestUser | undefined, id: string, body: object) =>
    send(test.app, user, "PATCH", `/api/places/${id}`, body);
  const patchPlace = (id: string, body: object) => patchAs(admin, id, body);

  async function listPlaces(query = ""): Promise<Place[]> {
    const response = await test.app.inject(`/api/places${query}`);
    expect(response.statusCode).toBe(200);
    return placeListSchema.parse(response.json());
  }

  const errorOf = (response: { json(): unknown }) => apiErrorSchema.parse(response.json());

  /** A bike with `units` at a place, imported there by staff. */
  async function bikeAt(placeId: string, units: number): Promise<string> {
    const id = await addBike(test.app, staff, { quantity: 0 });
    const imported = await send(test.app, staff, "POST", `/api/bikes/${id}/imports`, {
      amount: units,
      placeId,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    return id;
  }

  it("adds a place that everyone then sees, open, with no units", async () => {
    const name = freshName("Bogura showroom");
    const response = await send(test.app, admin, "POST", "/api/places", {
      name: `  ${name}  `,
      kind: "showroom",
      city: "Bogura",
      address: "Satmatha, Bogura 5800",
    });
    expect(response.statusCode, response.body).toBe(201);
    const place = placeSchema.parse(response.json());
    expect(place).toMatchObject({
      name,
      kind: "showroom",
      city: "Bogura",
      address: "Satmatha, Bogura 5800",
      archivedAt: null,
      main: false,
      units: 0,
    });
    expect(await listPlaces()).toContainEqual(place);
  });

  it("refuses a name another place has, in any case, naming the field", async () => {
    const place = await addPlace();
    const clash = await send(test.app, admin, "POST", "/api/places", {
      name: "MAIN WAREHOUSE",
      kind: "warehouse",
      city: "Dhaka",
    });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(errorOf(clash)).toMatchObject({
      message: 'There is already a place named "MAIN WAREHOUSE".',
      fields: [{ field: "body.name" }],
    });

    const renamed = await patchPlace(place.id, { name: "khulna SHOWROOM" });
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect(errorOf(renamed).fields?.[0]?.field).toBe("body.name");
    // Its own name in another case is no clash.
    const recased = await patchPlace(place.id, { name: place.name.toUpperCase() });
    expect(recased.statusCode, recased.body).toBe(200);
  });

  it("gives one name to one place when two admins add it at once", async () => {
    const name = freshName("Twin showroom");
    const answers = await Promise.all(
      [name, name.toUpperCase()].map((each) =>
        send(test.app, admin, "POST", "/api/places", {
          name: each,
          kind: "showroom",
          city: "Feni",
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const named = (await listPlaces()).filter(
      (each) => each.name.toLowerCase() === name.toLowerCase(),
    );
    expect(named).toHaveLength(1);
  });

  it("renames a place and changes its kind, city and address; an empty address clears it", async () => {
    const place = await addPlace({ address: "Old road 1" });
    const name = freshName("Rangpur depot");
    const response = await patchPlace(place.id, {
      name,
      kind: "warehouse",
      city: "Rangpur",
      address: "",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(placeSchema.parse(response.json())).toMatchObject({
      id: place.id,
      name,
      kind: "warehouse",
      city: "Rangpur",
      address: null,
    });
    // Fields left out stay as they were.
    const cityOnly = await patchPlace(place.id, { city: "Dinajpur" });
    expect(cityOnly.json()).toMatchObject({ name, kind: "warehouse", city: "Dinajpur" });
  });

  it("never archives the main warehouse", async () => {
    const response = await patchPlace(MAIN_WAREHOUSE_ID, { archived: true });
    expect(response.statusCode, response.body).toBe(409);
    expect(errorOf(response).message).toBe(
      "The main warehouse is the default place: it cannot be archived.",
    );
  });

  it("archives a place only once it holds nothing, deleted bikes' units included", async () => {
    const place = await addPlace();
    const bike = await bikeAt(place.id, 3);
    const held = await patchPlace(place.id, { archived: true });
    expect(held.statusCode, held.body).toBe(409);
    expect(errorOf(held).message).toBe(
      `${place.name} still holds 3 units. Move or deliver them before archiving it.`,
    );

    // A deleted bike's units wait at the place for a restore: still there.
    expect((await send(test.app, staff, "DELETE", `/api/bikes/${bike}`)).statusCode).toBe(200);
    expect((await patchPlace(place.id, { archived: true })).statusCode).toBe(409);

    await probe.database.db
      .updateTable("bike_stock")
      .set({ quantity: 0 })
      .where("bike_id", "=", bike)
      .execute();
    const archived = await patchPlace(place.id, { archived: true });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(placeSchema.parse(archived.json()).archivedAt).not.toBeNull();
  });

  it("refuses to archive a place with a transfer in Draft or Sent, naming them", async () => {
    const place = await addPlace();
    const at = new Date().toISOString();
    const transfer = (number: number, status: "draft" | "sent" | "received") => ({
      id: randomUUID(),
      number,
      source_place_id: status === "sent" ? place.id : MAIN_WAREHOUSE_ID,
      destination_place_id: status === "sent" ? MAIN_WAREHOUSE_ID : place.id,
      status,
      created_at: at,
      updated_at: at,
    });
    // Numbers far from those the transfers routes give, so the two never meet.
    const base = 900_000 + Math.floor(Math.random() * 50_000);
    const [draft, sent, received] = [
      transfer(base, "draft"),
      transfer(base + 1, "sent"),
      transfer(base + 2, "received"),
    ];
    await probe.database.db.insertInto("transfer").values([draft, sent, received]).execute();

    const refused = await patchPlace(place.id, { archived: true });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorOf(refused).message).toBe(
      `${place.name} has transfers still open: T-${base} (Draft), T-${base + 1} (In transit). Receive or cancel them before archiving it.`,
    );

    await probe.database.db
      .updateTable("transfer")
      .set({ status: "cancelled" })
      .where("id", "in", [draft.id, sent.id])
      .execute();
    expect((await patchPlace(place.id, { archived: true })).statusCode).toBe(200);
  });

  it("leaves archived places out of the list unless asked, and brings them back", async () => {
    const place = await addPlace();
    expect((await patchPlace(place.id, { archived: true })).statusCode).toBe(200);
    expect((await listPlaces()).map((each) => each.id)).not.toContain(place.id);
    const all = await listPlaces("?archived=include");
    expect(all.find((each) => each.id === place.id)?.archivedAt).not.toBeNull();

    const back = await patchPlace(place.id, { archived: false });
    expect(back.statusCode, back.body).toBe(200);
    expect(placeSchema.parse(back.json()).archivedAt).toBeNull();
    expect((await listPlaces()).map((each) => each.id)).toContain(place.id);
  });

  it("lets only admins add and change places; anyone reads them", async () => {
    const place = await addPlace();
    const body = { name: freshName(), kind: "showroom", city: "Comilla" };
    for (const [user, status] of [
      [undefined, 401],
      [member, 403],
      [staff, 403],
    ] as const) {
      const added = await send(test.app, user, "POST", "/api/places", body);
      expect(added.statusCode, added.body).toBe(status);
      const changed = await patchAs(user, place.id, { city: "Comilla" });
      expect(changed.statusCode, changed.body).toBe(status);
    }
    const refused = await send(test.app, staff, "POST", "/api/places", body);
    expect(errorOf(refused).message).toBe("Only an admin can manage places.");
    expect((await listPlaces()).find((each) => each.id === place.id)?.city).toBe("Bogura");
    expect((await listPlaces()).map((each) => each.name)).not.toContain(body.name);
  });

  it.each([
    ["no name", { kind: "showroom", city: "Dhaka" }, "body.name"],
    ["a blank name", { name: "   ", kind: "showroom", city: "Dhaka" }, "body.name"],
    ["a name too long", { name: "x".repeat(121), kind: "showroom", city: "Dhaka" }, "body.name"],
    ["an unknown kind", { name: "Shop", kind: "garage", city: "Dhaka" }, "body.kind"],
    ["no city", { name: "Shop", kind: "showroom" }, "body.city"],
    ["a line break", { name: "Sh\nop", kind: "showroom", city: "Dhaka" }, "body.name"],
    ["an unknown field", { name: "Shop", kind: "showroom", city: "Dhaka", units: 4 }, "body.units"],
  ])("refuses a new place with %s: 400 naming the field", async (_case, body, field) => {
    const response = await send(test.app, admin, "POST", "/api/places", body);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).fields?.map((each) => each.field)).toContain(field);
  });

  it("refuses bad changes with 400, and ids that name no place with 404", async () => {
    const place = await addPlace();
    for (const [body, field] of [
      [{ archived: "yes" }, "body.archived"],
      [{ kind: "shed" }, "body.kind"],
      [{ name: "" }, "body.name"],
      [{ id: randomUUID() }, "body.id"],
    ] as const) {
      const response = await patchPlace(place.id, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).fields?.map((each) => each.field)).toContain(field);
    }
    const notJson = await send(test.app, admin, "POST", "/api/places", "{name", {
      "content-type": "application/json",
    });
    expect(notJson.statusCode).toBe(400);
    for (const id of [UNKNOWN_PLACE_ID, "not-a-place", "1%20or%201"]) {
      const response = await patchPlace(id, { city: "Dhaka" });
      expect(response.statusCode, response.body).toBe(404);
      expect(errorOf(response).message).toBe("No place with that id");
    }
    expect((await send(test.app, admin, "DELETE", `/api/places/${place.id}`)).statusCode).toBe(404);
  });

  describe("home place", () => {
    const setHomeAs = (user: TestUser | undefined, placeId: unknown) =>
      send(test.app, user, "PUT", "/api/account/home-place", { placeId });
    const setHome = (placeId: unknown) => setHomeAs(staff, placeId);
    const homeOf = async (user: TestUser) =>
      (await send(test.app, user, "GET", "/api/account")).json<{ homePlaceId: string | null }>()
        .homePlaceId;

    it("is where a delivery or import without a place happens, until cleared", async () => {
      const home = await addPlace();
      const set = await setHome(home.id);
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({ homePlaceId: home.id });
      expect(await homeOf(staff)).toBe(home.id);

      const bike = await addBike(test.app, staff, { quantity: 0 });
      const imported = await send(test.app, staff, "POST", `/api/bikes/${bike}/imports`, {
        amount: 4,
      });
      expect(imported.statusCode, imported.body).toBe(200);
      const delivered = await send(test.app, staff, "POST", `/api/bikes/${bike}/deliveries`, {
        amount: 1,
      });
      expect(delivered.statusCode, delivered.body).toBe(200);
      const stock = bikeSchema.parse((await test.app.inject(`/api/bikes/${bike}`)).json()).stock;
      expect(stock).toEqual([{ placeId: home.id, place: home.name, quantity: 3 }]);

      const cleared = await setHome(null);
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json()).toEqual({ homePlaceId: null });
      expect(await homeOf(staff)).toBeNull();
    });

    it("refuses an archived place (409), an unknown one (404) and a malformed id (400)", async () => {
      const place = await addPlace();
      expect((await patchPlace(place.id, { archived: true })).statusCode).toBe(200);
      const archived = await setHomeAs(member, place.id);
      expect(archived.statusCode, archived.body).toBe(409);
      expect(errorOf(archived).message).toBe(
        `${place.name} is archived: pick an open place, or ask an admin to bring it back.`,
      );
      const unknown = await setHomeAs(member, UNKNOWN_PLACE_ID);
      expect(unknown.statusCode, unknown.body).toBe(404);
      const malformed = await setHomeAs(member, "khulna");
      expect(malformed.statusCode, malformed.body).toBe(400);
      expect(errorOf(malformed).fields?.[0]?.field).toBe("body.placeId");
      expect((await setHomeAs(member, undefined)).statusCode).toBe(400);
      expect(await homeOf(member)).toBeNull();
    });

    it("is for signed-in people only", async () => {
      const response = await setHomeAs(undefined, MAIN_WAREHOUSE_ID);
      expect(response.statusCode, response.body).toBe(401);
      const someone = await signUpAs(test.app, test.config, "member", uniqueEmail("home"));
      expect((await setHomeAs(someone, MAIN_WAREHOUSE_ID)).statusCode).toBe(200);
    });
  });
});
