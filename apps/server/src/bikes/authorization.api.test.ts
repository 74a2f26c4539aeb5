import { SignJWT } from "jose";
import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { accessTokenFor } from "../../test/accounts.ts";
import { expectError, fieldsOf } from "../../test/api-errors.ts";
import {
  addBike,
  listBikes,
  movementsOf,
  quantityOf,
  send,
  UNKNOWN_BIKE_ID,
} from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { createAccessTokens } from "../auth/access-token.ts";

describe(`who may do what on ${testDatabaseKind}`, () => {
  const test = useTestApp({ signedUpUsers: ["owner", "other"] });
  const { owner, other } = test.users;
  let bikeId: string;
  beforeAll(async () => {
    bikeId = await addBike(test.app, owner, { quantity: 5 });
  });

  /** Every route that needs a session, with a body it would accept. */
  const signedInRoutes = () =>
    [
      ["POST", "/api/bikes", newBikeBody()],
      ["POST", "/api/items", newBikeBody()],
      ["POST", `/api/bikes/${bikeId}/deliveries`, undefined],
      ["POST", `/api/bikes/${bikeId}/imports`, { amount: 1 }],
      ["PATCH", `/api/bikes/${bikeId}`, { updatedQuantity: 4 }],
      ["PUT", `/api/bikes/${bikeId}`, { newNumber: 6, previousQuantity: 5 }],
      ["DELETE", `/api/bikes/${bikeId}`, undefined],
      ["DELETE", `/api/items/${bikeId}`, undefined],
      ["GET", `/api/bikes/${bikeId}/movements`, undefined],
      ["POST", "/api/login", { email: "someone@example.com" }],
    ] as const;

  it("answers every signed-in route with a JSON 401 for anonymous, forged and bad-body calls", async () => {
    const before = await listBikes(test.app);
    const forged = { cookie: "better-auth.session_token=forged.c2lnbmF0dXJl" };
    for (const [method, url, payload] of signedInRoutes()) {
      const attempts = [
        send(test.app, undefined, method, url, payload),
        send(test.app, undefined, method, url, payload, forged),
        send(test.app, undefined, method, url, "{bad", { "content-type": "application/json" }),
        send(test.app, undefined, method, url, { nonsense: "abc" }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(expectError(response, 401), `${method} ${url}`).toMatchObject({
          statusCode: 401,
          error: "Unauthorized",
          message: expect.any(String),
        });
      }
    }
    expect(await listBikes(test.app)).toEqual(before);
    expect(await movementsOf(test.app, owner, bikeId)).toHaveLength(1);
  });

  it("lets only the owner cancel or delete their bike", async () => {
    const before = await listBikes(test.app);
    for (const url of [`/api/items/${bikeId}`, `/api/bikes/${bikeId}`]) {
      expectError(await send(test.app, other, "DELETE", url), 403);
    }
    // The warehouse's own stock is nobody's item to cancel.
    const seeded = before.find((bike) => bike._id !== bikeId)!;
    expectError(await send(test.app, other, "DELETE", `/api/items/${seeded._id}`), 403);
    expect(await listBikes(test.app)).toEqual(before);
    expect((await test.app.inject(`/api/bikes/${bikeId}`)).statusCode).toBe(200);
  });

  it("refuses a write sent from another site's page, even with a valid session", async () => {
    const before = await quantityOf(test.app, bikeId);
    const forged = await send(
      test.app,
      owner,
      "POST",
      `/api/bikes/${bikeId}/deliveries`,
      undefined,
      {
        origin: "https://evil.example",
      },
    );
    expectError(forged, 403);
    // Without Origin (an old browser, an extension), fetch metadata or the Referer gives it away.
    const foreignHints: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { referer: "https://evil.example/page" },
      { referer: "not a URL" },
    ];
    for (const headers of foreignHints) {
      const deliver = `/api/bikes/${bikeId}/deliveries`;
      const response = await send(test.app, owner, "POST", deliver, undefined, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await quantityOf(test.app, bikeId)).toBe(before);
    const own = await send(test.app, owner, "POST", `/api/bikes/${bikeId}/deliveries`, undefined, {
      origin: test.config.publicUrl,
    });
    expect(own.statusCode).toBe(200);
    const ownPage = await send(
      test.app,
      owner,
      "POST",
      `/api/bikes/${bikeId}/deliveries`,
      undefined,
      {
        "sec-fetch-site": "same-origin",
        referer: `${test.config.publicUrl}/inventory/${bikeId}`,
      },
    );
    expect(ownPage.statusCode).toBe(200);
  });

  it("refuses to add a bike or issue a token under someone else's email", async () => {
    const before = await listBikes(test.app);
    for (const url of ["/api/bikes", "/api/items"]) {
      const body = newBikeBody({ email: owner.email });
      expectError(await send(test.app, other, "POST", url, body), 403);
    }
    expectError(await send(test.app, other, "POST", "/api/login", { email: owner.email }), 403);
    expect(await listBikes(test.app)).toEqual(before);
  });

  it.each([
    ["missing fields", {}, ["name", "photo", "des", "price", "quantity", "supplierName"]],
    ["text in the price", { price: "abc" }, ["price"]],
    ["text in the quantity", { quantity: "abc" }, ["quantity"]],
    ["a negative price", { price: -1 }, ["price"]],
    ["a price with 3 decimals", { price: 1.005 }, ["price"]],
    ["a price as text with 3 decimals", { price: "19.999" }, ["price"]],
    ["a huge price", { price: 1e12 }, ["price"]],
    ["a huge quantity", { quantity: 1e12 }, ["quantity"]],
    ["a fractional quantity", { quantity: 2.5 }, ["quantity"]],
    ["a negative quantity", { quantity: -1 }, ["quantity"]],
    ["a blank name", { name: "   " }, ["name"]],
    ["a number as the name", { name: 42 }, ["name"]],
    ["a script as the photo", { photo: "javascript:alert(1)" }, ["photo"]],
    ["a bad email", { email: "not-an-email" }, ["email"]],
  ])("refuses a new bike with %s, naming the field", async (_label, change, fields) => {
    const before = await listBikes(test.app);
    const body = Object.keys(change).length ? { ...newBikeBody(), ...change } : change;
    for (const url of ["/api/bikes", "/api/items"]) {
      const response = await send(test.app, owner, "POST", url, body);
      expect(fieldsOf(response)).toEqual(fields.map((field) => `body.${field}`));
    }
    expect(await listBikes(test.app)).toEqual(before);
  });

  it("refuses unknown fields, non-object bodies and malformed JSON with 400", async () => {
    const before = await listBikes(test.app);
    const extra = await send(test.app, owner, "POST", "/api/bikes", {
      ...newBikeBody(),
      ownerId: "someone-else",
    });
    expect(expectError(extra, 400).fields).toEqual([
      { field: "body.ownerId", message: "is not a known field" },
    ]);
    expect(fieldsOf(await send(test.app, owner, "POST", "/api/bikes", []))).toEqual(["body"]);
    const malformed = await send(test.app, owner, "POST", "/api/bikes", "{bad", {
      "content-type": "application/json",
    });
    expectError(malformed, 400);
    expect(await listBikes(test.app)).toEqual(before);
  });

  it.each([
    ["POST", "/imports", { amount: "abc" }],
    ["POST", "/imports", { amount: -1 }],
    ["POST", "/imports", { amount: 2.5 }],
    ["POST", "/imports", { amount: 1e12 }],
    ["POST", "/imports", {}],
    ["POST", "/imports", { amount: 1, extra: 1 }],
    ["POST", "/imports", []],
    ["PATCH", "", { updatedQuantity: "abc" }],
    ["PATCH", "", { updatedQuantity: 1.5 }],
    ["PATCH", "", {}],
    ["PUT", "", { newNumber: "x", previousQuantity: 5 }],
    ["PUT", "", { newNumber: 1e12 }],
    ["PUT", "", { newNumber: 6, previousQuantity: -1 }],
    ["PUT", "", { newNumber: 6, old: 5 }],
  ] as const)("refuses %s /api/bikes/{id}%s %j with 400 and changes nothing", async (...row) => {
    const [method, path, body] = row;
    const before = await listBikes(test.app);
    const ledger = await movementsOf(test.app, owner, bikeId);
    const response = await send(test.app, owner, method, `/api/bikes/${bikeId}${path}`, body);
    expect(fieldsOf(response)?.length).toBeGreaterThan(0);
    expect(await listBikes(test.app)).toEqual(before);
    expect(await movementsOf(test.app, owner, bikeId)).toEqual(ledger);
  });

  it("names the field a stock body got wrong", async () => {
    const url = `/api/bikes/${bikeId}`;
    expect(
      fieldsOf(await send(test.app, owner, "POST", `${url}/imports`, { amount: "x" })),
    ).toEqual(["body.amount"]);
    const patch = await send(test.app, owner, "PATCH", url, { updatedQuantity: -2 });
    expect(fieldsOf(patch)).toEqual(["body.updatedQuantity"]);
    const put = await send(test.app, owner, "PUT", url, { newNumber: 6, previousQuantity: "y" });
    expect(fieldsOf(put)).toEqual(["body.previousQuantity"]);
    for (const limit of ["0", "201", "abc"]) {
      const response = await send(test.app, owner, "GET", `${url}/movements?limit=${limit}`);
      expect(fieldsOf(response)).toEqual(["querystring.limit"]);
    }
  });

  it.each(["not-an-id", "1'%20or%20'1'='1", UNKNOWN_BIKE_ID])(
    "answers id %s with 404 on every bike route",
    async (id) => {
      const before = await listBikes(test.app);
      const attempts = [
        send(test.app, undefined, "GET", `/api/bikes/${id}`),
        send(test.app, owner, "POST", `/api/bikes/${id}/deliveries`),
        send(test.app, owner, "POST", `/api/bikes/${id}/imports`, { amount: 1 }),
        send(test.app, owner, "POST", `/api/bikes/${id}/imports`, { amount: 0 }),
        send(test.app, owner, "PATCH", `/api/bikes/${id}`, { updatedQuantity: 1 }),
        send(test.app, owner, "PUT", `/api/bikes/${id}`, { newNumber: 2, previousQuantity: 1 }),
        send(test.app, owner, "DELETE", `/api/bikes/${id}`),
        send(test.app, owner, "DELETE", `/api/items/${id}`),
      ];
      if (id !== UNKNOWN_BIKE_ID) {
        attempts.push(send(test.app, owner, "GET", `/api/bikes/${id}/movements`));
      }
      for (const response of await Promise.all(attempts)) expectError(response, 404);
      expect(await listBikes(test.app)).toEqual(before);
    },
  );

  // Every bike gets its first movement (seed or create) in the transaction that inserts it, so an
  // empty ledger means the id never named a bike, and unknown ids give 404
  // (docs/decisions/003-uuid-ids-and-404-for-malformed.md).
  it("answers the ledger of an id that never named a bike with 404", async () => {
    const response = await send(test.app, owner, "GET", `/api/bikes/${UNKNOWN_BIKE_ID}/movements`);
    expect(expectError(response, 404).message).toBe("No bike with that id");
  });

  it("checks the bearer token on GET /api/items", async () => {
    const mine = `/api/items?email=${encodeURIComponent(owner.email)}`;
    const get = (url: string, authorization?: string) =>
      test.app.inject({ url, headers: authorization ? { authorization } : {} });
    const ownerToken = await accessTokenFor(test.app, owner);
    const otherToken = await accessTokenFor(test.app, other);

    expect((await get(mine, `Bearer ${ownerToken}`)).statusCode).toBe(200);
    expect(expectError(await get(mine), 401).message).toBe("unauthorized access");
    expectError(await get(mine, "Bearer garbage"), 403);
    expectError(await get(mine, `Basic ${ownerToken}`), 403);
    expectError(await get(mine, "Bearer"), 403);
    expectError(await get(mine, `Bearer ${otherToken}`), 403);
    expectError(await get(`/api/items?email=${other.email}`, `Bearer ${ownerToken}`), 403);

    const forged = await new SignJWT({ email: owner.email })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("ultimate-bikes")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("a key this server never had, 32b+"));
    expectError(await get(mine, `Bearer ${forged}`), 403);
    const [header, , signature] = ownerToken.split(".");
    const claims = Buffer.from(JSON.stringify({ email: owner.email, iss: "ultimate-bikes" }));
    expectError(
      await get(mine, `Bearer ${header}.${claims.toString("base64url")}.${signature}`),
      403,
    );

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const expired = await createAccessTokens(test.config.authSecret).issue({
      userId: "old",
      sessionId: "old",
      email: owner.email,
    });
    vi.useRealTimers();
    expectError(await get(mine, `Bearer ${expired}`), 403);

    expect(fieldsOf(await get("/api/items?email=nope", `Bearer ${ownerToken}`))).toEqual([
      "querystring.email",
    ]);
    expect(fieldsOf(await get("/api/items", `Bearer ${ownerToken}`))).toEqual([
      "querystring.email",
    ]);
  });
});
