// Over 300 lines: the permission matrix, 29 actions x 5 roles by cookie and by token, as one table with its set-up.
import type { Role } from "@ultimate-bikes/contract/roles";
import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokenFor, type TestUser } from "../../test/accounts.ts";
import { roleOf, signUpAs, storeRole, verifyEmailOf } from "../../test/roles.ts";
import { routesOf } from "../../test/route-table.ts";
import { addBike, listBikes, UNKNOWN_BIKE_ID } from "../../test/stock-helpers.ts";
import { openStoredDataProbe, type StoredDataProbe } from "../../test/stored-data.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { addTrackedModel, unitsOf } from "../../test/unit-helpers.ts";
import { MAIN_WAREHOUSE_ID } from "../db/main-warehouse.ts";

/*
 * Every API route × every role under ACCESS_POLICY=invite (issue 11): what each caller may do,
 * asked with a request that would succeed for someone allowed, once with the session cookie and
 * once with the access token as `Authorization: Bearer`. A route the app has and this table lacks
 * fails the test, so a new route cannot ship without saying who may call it.
 */

type Caller = "anonymous" | Role;
const CALLERS: readonly Caller[] = ["anonymous", "member", "staff", "admin"];
type Credentials = "cookie" | "bearer";

interface Request {
  method: NonNullable<InjectOptions["method"]>;
  url: string;
  payload?: Record<string, unknown> | string | Buffer;
  headers?: Record<string, string>;
}

interface Fixtures {
  /** A warehouse bike (no owner) with stock, for one change. */
  warehouseBike(): string;
  /** A new warehouse bike, for a delete. */
  newWarehouseBike(): Promise<string>;
  /** A warehouse bike staff deleted just now, for a restore. */
  deletedWarehouseBike(): Promise<string>;
  /** A bike owned by `owner`, added now. */
  ownBike(owner: TestUser): Promise<string>;
  quantityOf(id: string): Promise<number>;
  /** A member whose role and account the admin may change. */
  person(): Promise<string>;
  /** A new account, for a removal. */
  newPerson(): Promise<string>;
  /** A pending invitation the admin just sent. */
  invitation(): Promise<string>;
  /** A draft's body: one unit of a new bike from the main warehouse to a showroom. */
  newTransfer(): Promise<Record<string, unknown>>;
  /** A transfer staff just wrote (and sent, if asked): its id and number. */
  transfer(status: "draft" | "sent"): Promise<{ id: string; number: string }>;
  /** SQLite: a backup the admin just made; PostgreSQL (where servers keep none): a free name. */
  backupName(): Promise<string>;
  /** A unit in stock of a new model tracked by unit. */
  unit(): Promise<string>;
  /** A unit `holder` holds, for a release or an extension by its maker. */
  heldUnit(holder: HoldMaker): Promise<string>;
  /** The id of a hold `holder` made of one unit of a new untracked bike. */
  untrackedHold(holder: HoldMaker): Promise<string>;
}

/** Who makes a hold a caller then releases or extends: themselves, or staff for the others. */
type HoldMaker = "staff" | "admin";
const holdMakerFor = (caller: Caller): HoldMaker => (caller === "admin" ? "admin" : "staff");
/** What a hold records: a customer, and an expiry a day ahead. */
const holdBody = () => ({
  customerName: "Rahim Uddin",
  customerPhone: "01711000000",
  expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
});
const holdExtension = () => ({ expiresAt: holdBody().expiresAt });

/** Whether the caller may succeed, so the request needs a target of its own it will use up. */
const ALLOWED_TO_USE_UP: ReadonlySet<Caller> = new Set(["staff", "admin"]);

interface Row {
  /** Builds a fresh request for this caller; setup runs as that caller's own user. */
  request(
    fixtures: Fixtures,
    user: TestUser | undefined,
    caller: Caller,
  ): Promise<Request> | Request;
  /** The expected status for each caller; `bearer` overrides for bearer calls. */
  expect: Record<Caller, number>;
  bearer?: Partial<Record<Caller, number>>;
}

const PUBLIC = { anonymous: 200, member: 200, staff: 200, admin: 200 };
const SIGNED_IN = { anonymous: 401, member: 200, staff: 200, admin: 200 };
const ADDS = { anonymous: 401, member: 201, staff: 201, admin: 201 };
const STAFF = { anonymous: 401, member: 403, staff: 200, admin: 200 };
const ADMIN = { anonymous: 401, member: 403, staff: 403, admin: 200 };
const SOME_TOKEN = "a".repeat(40);

const emailOf = (user: TestUser | undefined) => user?.email ?? uniqueEmail("nobody");

/** A one-row CSV that adds a bike, to preview or import. */
function importCsvTo(path: "import-preview" | "imports"): Request {
  const { name, supplierName, price, quantity, des, photo } = newBikeBody();
  return {
    method: "POST",
    url: `/api/stock/${path}`,
    payload: `name,supplier,price,quantity,description,photo\n${[name, supplierName, price, quantity, des, photo].join(",")}\n`,
    headers: { "content-type": "text/csv" },
  };
}

/** An edit of a bike's details that any existing version accepts (`If-Match: *`). */
function editDetailsOf(id: string): Request {
  const { name, photo, des, price, supplierName } = newBikeBody();
  return {
    method: "PUT",
    url: `/api/bikes/${id}/details`,
    payload: { name, photo, des, price, supplierName, reorderPoint: 4 },
    headers: { "if-match": "*" },
  };
}

/** A change of one detail that any existing version accepts (`If-Match: *`). */
const patchDetailsOf = (id: string): Request => ({
  method: "PATCH",
  url: `/api/bikes/${id}/details`,
  payload: { reorderPoint: 4 },
  headers: { "if-match": "*" },
});

/**
 * Stock numbers for staff to give a bike, counting down: far above those the tests' bikes get
 * first, and below the sequence once the first is given (new bikes then get numbers above it).
 */
let unusedStockNumber = 799_999;

/** What an admin gets from the backups a server keeps: only SQLite's (docs/decisions/031). */
const ON_SQLITE = (sqlite: number, postgres: number) =>
  testDatabaseKind === "sqlite" ? sqlite : postgres;

const MATRIX: Record<string, Row> = {
  "GET /api/health": { request: () => ({ method: "GET", url: "/api/health" }), expect: PUBLIC },
  "GET /api/health/live": {
    request: () => ({ method: "GET", url: "/api/health/live" }),
    expect: PUBLIC,
  },
  "GET /api/health/ready": {
    request: () => ({ method: "GET", url: "/api/health/ready" }),
    expect: PUBLIC,
  },
  "POST /api/login": {
    request: (_, user) => ({
      method: "POST",
      url: "/api/login",
      payload: { email: emailOf(user) },
    }),
    expect: SIGNED_IN,
  },
  // A visitor is told null (auth-routes.ts).
  "GET /api/account": { request: () => ({ method: "GET", url: "/api/account" }), expect: PUBLIC },
  "GET /api/account/providers": {
    request: () => ({ method: "GET", url: "/api/account/providers" }),
    expect: PUBLIC,
  },
  "GET /api/account/email-verification-status": {
    request: () => ({
      method: "GET",
      url: `/api/account/email-verification-status?token=${SOME_TOKEN}`,
    }),
    expect: PUBLIC,
  },
  "GET /api/account/password-reset-status": {
    request: () => ({
      method: "GET",
      url: `/api/account/password-reset-status?token=${SOME_TOKEN}`,
    }),
    expect: PUBLIC,
  },
  // Only an unverified email gets a link (the member here), once a minute: the bearer pass runs
  // after the cookie pass, within that minute.
  "POST /api/account/verification-email": {
    request: () => ({ method: "POST", url: "/api/account/verification-email", payload: {} }),
    expect: { anonymous: 401, member: 200, staff: 409, admin: 409 },
    bearer: { member: 429 },
  },
  "GET /api/bikes": { request: () => ({ method: "GET", url: "/api/bikes" }), expect: PUBLIC },
  "GET /api/bikes/:id": {
    request: (fixtures) => ({ method: "GET", url: `/api/bikes/${fixtures.warehouseBike()}` }),
    expect: PUBLIC,
  },
  "GET /api/bikes/by-stock-number/:stockNumber": {
    // The first seeded bike's (issue 21).
    request: () => ({ method: "GET", url: "/api/bikes/by-stock-number/UB-00001" }),
    expect: PUBLIC,
  },
  "PUT /api/bikes/:id/stock-number": {
    // A number nobody has yet, each time: a clash would be a 409, not the permission asked.
    request: (fixtures) => ({
      method: "PUT",
      url: `/api/bikes/${fixtures.warehouseBike()}/stock-number`,
      payload: { stockNumber: `UB-${unusedStockNumber--}` },
    }),
    expect: STAFF,
  },
  "GET /api/stock": { request: () => ({ method: "GET", url: "/api/stock?q=a" }), expect: PUBLIC },
  "GET /api/suppliers": {
    request: () => ({ method: "GET", url: "/api/suppliers" }),
    expect: PUBLIC,
  },
  "POST /api/bikes": {
    request: () => ({ method: "POST", url: "/api/bikes", payload: newBikeBody() }),
    expect: ADDS,
  },
  "POST /api/bikes/:id/deliveries": {
    request: (fixtures) => ({
      method: "POST",
      url: `/api/bikes/${fixtures.warehouseBike()}/deliveries`,
    }),
    expect: STAFF,
  },
  "POST /api/bikes/:id/imports": {
    request: (fixtures) => ({
      method: "POST",
      url: `/api/bikes/${fixtures.warehouseBike()}/imports`,
      payload: { amount: 2 },
    }),
    expect: STAFF,
  },
  "PATCH /api/bikes/:id": {
    async request(fixtures) {
      const id = fixtures.warehouseBike();
      const updatedQuantity = (await fixtures.quantityOf(id)) - 1;
      return { method: "PATCH", url: `/api/bikes/${id}`, payload: { updatedQuantity } };
    },
    expect: STAFF,
  },
  "PUT /api/bikes/:id": {
    async request(fixtures) {
      const id = fixtures.warehouseBike();
      const previousQuantity = await fixtures.quantityOf(id);
      return {
        method: "PUT",
        url: `/api/bikes/${id}`,
        payload: { newNumber: previousQuantity + 3, previousQuantity },
      };
    },
    expect: STAFF,
  },
  "DELETE /api/bikes/:id": {
    async request(fixtures, _user, caller) {
      const id = ALLOWED_TO_USE_UP.has(caller)
        ? await fixtures.newWarehouseBike()
        : fixtures.warehouseBike();
      return { method: "DELETE", url: `/api/bikes/${id}` };
    },
    expect: STAFF,
  },
  "GET /api/deleted-bikes": {
    request: () => ({ method: "GET", url: "/api/deleted-bikes" }),
    expect: STAFF,
  },
  "POST /api/deleted-bikes/:id/restore": {
    request: async (fixtures) => ({
      method: "POST",
      url: `/api/deleted-bikes/${await fixtures.deletedWarehouseBike()}/restore`,
    }),
    expect: STAFF,
  },
  "GET /api/people": { request: () => ({ method: "GET", url: "/api/people" }), expect: ADMIN },
  "POST /api/people/invitations": {
    request: () => ({
      method: "POST",
      url: "/api/people/invitations",
      payload: { email: uniqueEmail("invited"), role: "staff" },
    }),
    expect: { ...ADMIN, admin: 201 },
  },
  "DELETE /api/people/invitations/:id": {
    request: async (fixtures) => ({
      method: "DELETE",
      url: `/api/people/invitations/${await fixtures.invitation()}`,
    }),
    expect: ADMIN,
  },
  "PATCH /api/people/:id": {
    request: async (fixtures) => ({
      method: "PATCH",
      url: `/api/people/${await fixtures.person()}`,
      payload: { role: "member" },
    }),
    expect: ADMIN,
  },
  "DELETE /api/people/:id": {
    async request(fixtures, _user, caller) {
      const id = caller === "admin" ? await fixtures.newPerson() : await fixtures.person();
      return { method: "DELETE", url: `/api/people/${id}` };
    },
    expect: ADMIN,
  },
  "GET /api/places": { request: () => ({ method: "GET", url: "/api/places" }), expect: PUBLIC },
  "POST /api/places": {
    request: () => ({
      method: "POST",
      url: "/api/places",
      payload: { name: uniqueEmail("place"), kind: "showroom", city: "Bogura" },
    }),
    expect: { ...ADMIN, admin: 201 },
  },
  "PATCH /api/places/:id": {
    request: () => ({
      method: "PATCH",
      url: `/api/places/${MAIN_WAREHOUSE_ID}`,
      payload: { city: "Dhaka" },
    }),
    expect: ADMIN,
  },
  "PUT /api/account/home-place": {
    request: () => ({ method: "PUT", url: "/api/account/home-place", payload: { placeId: null } }),
    expect: SIGNED_IN,
  },
  "GET /api/bikes/:id/movements": {
    request: (fixtures) => ({
      method: "GET",
      url: `/api/bikes/${fixtures.warehouseBike()}/movements`,
    }),
    expect: STAFF,
  },
  "GET /api/bikes/:id/details": {
    request: (fixtures) => ({
      method: "GET",
      url: `/api/bikes/${fixtures.warehouseBike()}/details`,
    }),
    expect: STAFF,
  },
  "PUT /api/bikes/:id/details": {
    request: (fixtures) => editDetailsOf(fixtures.warehouseBike()),
    expect: STAFF,
  },
  "PATCH /api/bikes/:id/details": {
    request: (fixtures) => patchDetailsOf(fixtures.warehouseBike()),
    expect: STAFF,
  },
  "GET /api/dashboard": {
    request: () => ({ method: "GET", url: "/api/dashboard" }),
    expect: SIGNED_IN,
  },
  "GET /api/movements": {
    request: () => ({ method: "GET", url: "/api/movements?limit=5" }),
    expect: STAFF,
  },
  "GET /api/movements/people": {
    request: () => ({ method: "GET", url: "/api/movements/people" }),
    expect: STAFF,
  },
  "GET /api/movements.csv": {
    request: () => ({
      method: "GET",
      url: `/api/movements.csv?from=${new Date().toISOString().slice(0, 10)}`,
    }),
    expect: STAFF,
  },
  "GET /api/account/low-stock-alerts": {
    request: () => ({ method: "GET", url: "/api/account/low-stock-alerts" }),
    expect: STAFF,
  },
  "PUT /api/account/low-stock-alerts": {
    request: () => ({
      method: "PUT",
      url: "/api/account/low-stock-alerts",
      payload: { subscribed: false },
    }),
    expect: STAFF,
  },
  "POST /api/photos": {
    request: async () => ({
      method: "POST",
      url: "/api/photos",
      payload: await sharp({
        create: { width: 80, height: 50, channels: 3, background: "#345" },
      })
        .png()
        .toBuffer(),
      headers: { "content-type": "image/png" },
    }),
    expect: ADDS,
  },
  "GET /api/stock/export.csv": {
    request: () => ({ method: "GET", url: "/api/stock/export.csv?columns=id,name" }),
    expect: STAFF,
  },
  "GET /api/stock/template.csv": {
    request: () => ({ method: "GET", url: "/api/stock/template.csv" }),
    expect: PUBLIC,
  },
  "POST /api/stock/import-preview": {
    request: () => importCsvTo("import-preview"),
    expect: STAFF,
  },
  "POST /api/stock/imports": {
    request: () => importCsvTo("imports"),
    expect: STAFF,
  },
  "GET /api/items": {
    request: (_, user) => ({ method: "GET", url: `/api/items?email=${emailOf(user)}` }),
    // The original API's call takes the access token only (docs/product.md, API).
    expect: { anonymous: 401, member: 401, staff: 401, admin: 401 },
    bearer: { member: 200, staff: 200, admin: 200 },
  },
  "POST /api/items": {
    request: () => ({ method: "POST", url: "/api/items", payload: newBikeBody() }),
    expect: ADDS,
  },
  "DELETE /api/items/:id": {
    async request(fixtures, user) {
      // An anonymous cancel aims at someone's item: it must be refused before anything else.
      const id = await fixtures.ownBike(user ?? anyOwner);
      return { method: "DELETE", url: `/api/items/${id}` };
    },
    expect: SIGNED_IN,
  },
  "GET /api/backups": { request: () => ({ method: "GET", url: "/api/backups" }), expect: ADMIN },
  "POST /api/backups": {
    request: () => ({ method: "POST", url: "/api/backups" }),
    expect: { ...ADMIN, admin: ON_SQLITE(201, 409) },
  },
  "GET /api/backups/:name": {
    request: async (fixtures) => ({
      method: "GET",
      url: `/api/backups/${await fixtures.backupName()}`,
    }),
    expect: { ...ADMIN, admin: ON_SQLITE(200, 404) },
  },
  "GET /api/transfers": {
    request: () => ({ method: "GET", url: "/api/transfers" }),
    expect: STAFF,
  },
  "POST /api/transfers": {
    request: async (fixtures) => ({
      method: "POST",
      url: "/api/transfers",
      payload: await fixtures.newTransfer(),
    }),
    expect: { anonymous: 401, member: 403, staff: 201, admin: 201 },
  },
  "GET /api/transfers/:id": {
    request: async (fixtures) => ({
      method: "GET",
      url: `/api/transfers/${(await fixtures.transfer("draft")).id}`,
    }),
    expect: STAFF,
  },
  "GET /api/transfers/by-number/:number": {
    request: async (fixtures) => ({
      method: "GET",
      url: `/api/transfers/by-number/${(await fixtures.transfer("draft")).number}`,
    }),
    expect: STAFF,
  },
  "POST /api/transfers/:id/send": {
    request: async (fixtures) => ({
      method: "POST",
      url: `/api/transfers/${(await fixtures.transfer("draft")).id}/send`,
    }),
    expect: STAFF,
  },
  "POST /api/transfers/:id/receive": {
    request: async (fixtures) => ({
      method: "POST",
      url: `/api/transfers/${(await fixtures.transfer("sent")).id}/receive`,
    }),
    expect: STAFF,
  },
  "POST /api/transfers/:id/cancel": {
    request: async (fixtures) => ({
      method: "POST",
      url: `/api/transfers/${(await fixtures.transfer("draft")).id}/cancel`,
    }),
    expect: STAFF,
  },
  "GET /api/bikes/:id/units": {
    request: (fixtures) => ({ method: "GET", url: `/api/bikes/${fixtures.warehouseBike()}/units` }),
    expect: STAFF,
  },
  "PUT /api/bikes/:id/tracking": {
    // Off while already off: a write that changes nothing, so every role's answer is its own.
    request: (fixtures) => ({
      method: "PUT",
      url: `/api/bikes/${fixtures.warehouseBike()}/tracking`,
      payload: { tracksUnits: false },
    }),
    expect: STAFF,
  },
  "GET /api/units": {
    request: () => ({ method: "GET", url: "/api/units?q=000000" }),
    expect: STAFF,
  },
  "GET /api/units/export.csv": {
    request: () => ({ method: "GET", url: "/api/units/export.csv" }),
    expect: STAFF,
  },
  "POST /api/units/import-preview": {
    request: () => ({
      method: "POST",
      url: "/api/units/import-preview",
      payload: "chassis\n",
      headers: { "content-type": "text/csv" },
    }),
    expect: STAFF,
  },
  "POST /api/units/imports": {
    // A file with no rows: a write that changes nothing, so every role's answer is its own.
    request: () => ({
      method: "POST",
      url: "/api/units/imports",
      payload: "chassis\n",
      headers: { "content-type": "text/csv" },
    }),
    expect: STAFF,
  },
  "GET /api/units/:id": {
    // No unit has this id: the caller is checked first, then the unit is looked for.
    request: () => ({ method: "GET", url: `/api/units/${UNKNOWN_BIKE_ID}` }),
    expect: { anonymous: 401, member: 403, staff: 404, admin: 404 },
  },
  "POST /api/units/:id/hold": {
    request: async (fixtures) => ({
      method: "POST",
      url: `/api/units/${await fixtures.unit()}/hold`,
      payload: holdBody(),
    }),
    expect: STAFF,
  },
  "POST /api/units/:id/release": {
    request: async (fixtures, _user, caller) => ({
      method: "POST",
      url: `/api/units/${await fixtures.heldUnit(holdMakerFor(caller))}/release`,
    }),
    expect: STAFF,
  },
  "POST /api/units/:id/hold/extend": {
    request: async (fixtures, _user, caller) => ({
      method: "POST",
      url: `/api/units/${await fixtures.heldUnit(holdMakerFor(caller))}/hold/extend`,
      payload: holdExtension(),
    }),
    expect: STAFF,
  },
  "POST /api/bikes/:id/holds": {
    request: async (fixtures) => ({
      method: "POST",
      url: `/api/bikes/${await fixtures.newWarehouseBike()}/holds`,
      payload: { ...holdBody(), units: 1 },
    }),
    expect: { anonymous: 401, member: 403, staff: 201, admin: 201 },
  },
  "GET /api/bikes/:id/holds": {
    request: (fixtures) => ({ method: "GET", url: `/api/bikes/${fixtures.warehouseBike()}/holds` }),
    expect: STAFF,
  },
  "POST /api/holds/:id/release": {
    request: async (fixtures, _user, caller) => ({
      method: "POST",
      url: `/api/holds/${await fixtures.untrackedHold(holdMakerFor(caller))}/release`,
    }),
    expect: STAFF,
  },
  "POST /api/holds/:id/extend": {
    request: async (fixtures, _user, caller) => ({
      method: "POST",
      url: `/api/holds/${await fixtures.untrackedHold(holdMakerFor(caller))}/extend`,
      payload: holdExtension(),
    }),
    expect: STAFF,
  },
};

/** Cases where a member may do on their own bike what only staff may do on warehouse stock. */
const OWN_BIKE_ROWS: Record<string, (id: string) => Request> = {
  "DELETE /api/bikes/:id": (id) => ({ method: "DELETE", url: `/api/bikes/${id}` }),
  "GET /api/bikes/:id/movements": (id) => ({ method: "GET", url: `/api/bikes/${id}/movements` }),
  "GET /api/bikes/:id/details": (id) => ({ method: "GET", url: `/api/bikes/${id}/details` }),
  "PUT /api/bikes/:id/details": (id) => editDetailsOf(id),
  "PATCH /api/bikes/:id/details": (id) => patchDetailsOf(id),
};

/** Routes that are not the JSON API's: better-auth's own (tested on their own) and the docs. */
const isApiRoute = (url: string) =>
  url.startsWith("/api/") && !url.startsWith("/api/auth") && !url.startsWith("/api/docs");
/** The live stream never ends, so inject cannot call it; its tests show it is public. */
const STREAMS = new Set(["GET /api/stock/events"]);

let anyOwner: TestUser;

describe(`who may call each route under ACCESS_POLICY=invite on ${testDatabaseKind}`, () => {
  const adminEmail = uniqueEmail("configured-admin");
  const test = useTestApp({
    environment: {
      ACCESS_POLICY: "invite",
      ADMIN_EMAILS: adminEmail,
      BIKE_ADDS_PER_MINUTE: "1000",
    },
  });
  const users = {} as Record<Role, TestUser>;
  const tokens = {} as Record<Role, string>;
  let warehouse: string[] = [];
  let nextWarehouseBike = 0;
  let probe: StoredDataProbe;
  let person: string;

  beforeAll(async () => {
    const { app, config } = test;
    users.member = await signUpAs(app, config, "member");
    users.staff = await signUpAs(app, config, "staff");
    // The configured admin: verified, with no stored role at all.
    users.admin = await signUpAs(app, config, "member", adminEmail);
    await verifyEmailOf(app, config, adminEmail);
    for (const role of ["member", "staff", "admin"] as const) {
      tokens[role] = await accessTokenFor(app, users[role]);
    }
    anyOwner = users.member;
    warehouse = (await listBikes(app)).map((bike) => bike._id);
    probe = openStoredDataProbe(config, app.log);
    person = await idOf((await signUpAs(app, config, "member")).email);
  });
  afterAll(() => probe.close());

  async function idOf(email: string): Promise<string> {
    const row = await probe.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** As staff from the API, then made warehouse stock (no owner), as seeding leaves it. */
  async function newWarehouseBike(): Promise<string> {
    const id = await addBike(test.app, users.staff);
    await probe.database.db
      .updateTable("bike")
      .set({ owner_id: null })
      .where("id", "=", id)
      .execute();
    return id;
  }

  const fixtures: Fixtures = {
    warehouseBike() {
      // Requests take turns over the bikes no delete will take, so no delivery starves the next.
      const id = warehouse[nextWarehouseBike++ % warehouse.length];
      if (!id) throw new Error("too few seeded bikes");
      return id;
    },
    newWarehouseBike,
    async deletedWarehouseBike() {
      const id = await newWarehouseBike();
      const deleted = await send({ method: "DELETE", url: `/api/bikes/${id}` }, "staff", "cookie");
      if (deleted.statusCode !== 200) throw new Error(`delete failed: ${deleted.body}`);
      return id;
    },
    ownBike: (owner) => addBike(test.app, owner),
    async quantityOf(id) {
      const response = await test.app.inject(`/api/bikes/${id}`);
      return (response.json() as { quantity: number }).quantity;
    },
    person: async () => person,
    newPerson: async () => idOf((await signUpAs(test.app, test.config, "member")).email),
    async invitation() {
      const invited = await send(
        {
          method: "POST",
          url: "/api/people/invitations",
          payload: { email: uniqueEmail("invited"), role: "staff" },
        },
        "admin",
        "cookie",
      );
      if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.body}`);
      return (invited.json() as { invitation: { id: string } }).invitation.id;
    },
    newTransfer,
    async transfer(status) {
      const payload = { ...(await newTransfer()), send: status === "sent" };
      const created = await send(
        { method: "POST", url: "/api/transfers", payload },
        "staff",
        "cookie",
      );
      if (created.statusCode !== 201) throw new Error(`transfer failed: ${created.body}`);
      return created.json() as { id: string; number: string };
    },
    async backupName() {
      if (testDatabaseKind === "postgres") return "ultimate-bikes-2026-01-01T00-00-00.000Z.tar";
      const made = await send({ method: "POST", url: "/api/backups" }, "admin", "cookie");
      if (made.statusCode !== 201) throw new Error(`backup failed: ${made.body}`);
      return (made.json() as { name: string }).name;
    },
    async unit() {
      const { id } = await addTrackedModel(test.app, users.staff, 1, MAIN_WAREHOUSE_ID);
      const [unit] = await unitsOf(test.app, users.staff, id);
      return unit!.id;
    },
    async heldUnit(holder) {
      const unitId = await fixtures.unit();
      const url = `/api/units/${unitId}/hold`;
      const held = await send({ method: "POST", url, payload: holdBody() }, holder, "cookie");
      if (held.statusCode !== 200) throw new Error(`hold failed: ${held.body}`);
      return unitId;
    },
    async untrackedHold(holder) {
      const url = `/api/bikes/${await newWarehouseBike()}/holds`;
      const payload = { ...holdBody(), units: 1 };
      const made = await send({ method: "POST", url, payload }, holder, "cookie");
      if (made.statusCode !== 201) throw new Error(`hold failed: ${made.body}`);
      return (made.json() as { id: string }).id;
    },
  };

  /** One unit of a new bike (at the main warehouse) from there to a showroom. */
  async function newTransfer() {
    const places = (await test.app.inject("/api/places")).json() as { id: string }[];
    const showroom = places.find((place) => place.id !== MAIN_WAREHOUSE_ID);
    if (!showroom) throw new Error("no showroom");
    return {
      sourcePlaceId: MAIN_WAREHOUSE_ID,
      destinationPlaceId: showroom.id,
      lines: [{ bikeId: await addBike(test.app, users.staff), quantity: 1 }],
    };
  }

  function send(request: Request, caller: Caller, credentials: Credentials) {
    const headers: Record<string, string> = { ...request.headers };
    if (caller !== "anonymous") {
      if (credentials === "cookie") {
        headers.cookie = users[caller].cookie;
        headers.origin = test.config.publicUrl;
      } else {
        headers.authorization = `Bearer ${tokens[caller]}`;
      }
    }
    return test.app.inject({ ...request, headers });
  }

  it("gives every API route a row", () => {
    const routes = routesOf(test.app)
      .filter((route) => route.method !== "HEAD" && isApiRoute(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !STREAMS.has(route));
    expect(new Set(routes)).toEqual(new Set(Object.keys(MATRIX)));
  });

  it("sees the configured admin, a staff member and a member as such", async () => {
    expect(await roleOf(test.app, users.admin)).toBe("admin");
    expect(await roleOf(test.app, users.staff)).toBe("staff");
    expect(await roleOf(test.app, users.member)).toBe("member");
  });

  // Warehouse bikes are few: a delete takes one, so deletes run last and spread over them.
  const rows = Object.entries(MATRIX).sort(
    ([a], [b]) =>
      Number(a.startsWith("DELETE /api/bikes")) - Number(b.startsWith("DELETE /api/bikes")),
  );

  for (const credentials of ["cookie", "bearer"] as const) {
    it.each(rows)(`%s with the ${credentials}`, async (_route, row) => {
      const answers: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const caller of CALLERS) {
        const user = caller === "anonymous" ? undefined : users[caller];
        const request = await row.request(fixtures, user, caller);
        const response = await send(request, caller, credentials);
        answers[caller] = response.statusCode;
        expected[caller] =
          (credentials === "bearer" ? row.bearer?.[caller] : undefined) ?? row.expect[caller];
      }
      expect(answers).toEqual(expected);
    });
  }

  it.each(Object.entries(OWN_BIKE_ROWS))("%s on a member's own bike", async (_route, request) => {
    const id = await addBike(test.app, users.member);
    const response = await send(request(id), "member", "cookie");
    expect(response.statusCode).toBe(200);
  });

  it("gives no staff rights to an account whose email is not verified", async () => {
    const unverified = await signUpAs(test.app, test.config, "member");
    await storeRole(test.app, test.config, unverified.email, "staff");
    expect(await roleOf(test.app, unverified)).toBe("member");
    const response = await test.app.inject({
      method: "POST",
      url: `/api/bikes/${fixtures.warehouseBike()}/deliveries`,
      headers: { cookie: unverified.cookie, origin: test.config.publicUrl },
    });
    expect(response.statusCode).toBe(403);
  });
});
