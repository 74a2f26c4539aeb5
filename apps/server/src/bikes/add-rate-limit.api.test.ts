import { bikeListSchema } from "@ultimate-bikes/contract/bikes";
import { apiErrorSchema } from "@ultimate-bikes/contract/errors";
import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TestUser } from "../../test/accounts.ts";
import { useSecondInstance } from "../../test/second-instance.ts";
import { send } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { ConfigError, loadConfig } from "../config.ts";

const LIMIT = 3;

function add(
  app: FastifyInstance,
  user: TestUser | undefined,
  via: "bikes" | "items",
  body = newBikeBody(),
) {
  return send(app, user, "POST", `/api/${via}`, body);
}

async function addUpToTheLimit(app: FastifyInstance, user: TestUser) {
  for (let index = 0; index < LIMIT; index++) {
    expect((await add(app, user, index % 2 ? "items" : "bikes")).statusCode).toBe(201);
  }
}

describe(`adding bikes, limited per account, on ${testDatabaseKind}`, () => {
  const test = useTestApp({
    environment: { BIKE_ADDS_PER_MINUTE: String(LIMIT) },
    signedUpUsers: ["hasty", "neighbour", "bystander", "careless", "clustered", "returning"],
  });
  const second = useSecondInstance(test);
  const { hasty, neighbour, bystander, careless, clustered, returning } = test.users;
  afterEach(() => vi.useRealTimers());

  it("answers 429 with Retry-After past the limit and adds nothing", async () => {
    await addUpToTheLimit(test.app, hasty);
    for (const via of ["bikes", "items"] as const) {
      const body = newBikeBody();
      const refused = await add(test.app, hasty, via, body);
      expect(refused.statusCode).toBe(429);
      expect(apiErrorSchema.parse(refused.json())).toEqual({
        statusCode: 429,
        error: "Too Many Requests",
        message: expect.stringMatching(
          /^You are adding bikes too fast: at most 3 a minute\. Please try again in \d+ seconds?\.$/,
        ),
      });
      const retryAfter = Number(refused.headers["retry-after"]);
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
      expect(refused.json().message).toContain(`in ${retryAfter} second`);
      const bikes = bikeListSchema.parse((await test.app.inject("/api/bikes")).json());
      expect(bikes.map((bike) => bike.name)).not.toContain(body.name);
    }
  });

  it("leaves other accounts alone", async () => {
    await addUpToTheLimit(test.app, neighbour);
    expect((await add(test.app, neighbour, "bikes")).statusCode).toBe(429);
    expect((await add(test.app, hasty, "bikes")).statusCode).toBe(429);
    expect((await add(test.app, bystander, "bikes")).statusCode).toBe(201);
  });

  it("still answers a bad body with 400 and a signed-out caller with 401 first", async () => {
    await addUpToTheLimit(test.app, careless);
    const bad = await add(test.app, careless, "bikes", newBikeBody({ quantity: "many" }));
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).fields).toEqual([
      { field: "body.quantity", message: "must be a whole number" },
    ]);
    expect((await add(test.app, undefined, "bikes")).statusCode).toBe(401);
  });

  it("counts the adds made on every server sharing the database", async () => {
    expect((await add(second.app, clustered, "bikes")).statusCode).toBe(201);
    expect((await add(test.app, clustered, "items")).statusCode).toBe(201);
    expect((await add(second.app, clustered, "bikes")).statusCode).toBe(201);
    expect((await add(test.app, clustered, "bikes")).statusCode).toBe(429);
    expect((await add(second.app, clustered, "items")).statusCode).toBe(429);
  });

  it("lets the account add again once its minute has passed", async () => {
    await addUpToTheLimit(test.app, returning);
    expect((await add(test.app, returning, "bikes")).statusCode).toBe(429);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
    expect((await add(test.app, returning, "bikes")).statusCode).toBe(201);
    expect((await add(second.app, returning, "items")).statusCode).toBe(201);
  });

  it("refuses a BIKE_ADDS_PER_MINUTE that is not a whole number above 0, naming it", () => {
    for (const value of ["0", "-3", "2.5", "many"]) {
      expect(() =>
        loadConfig({ DATA_DIR: test.config.dataDir, BIKE_ADDS_PER_MINUTE: value }),
      ).toThrow(ConfigError);
      expect(() =>
        loadConfig({ DATA_DIR: test.config.dataDir, BIKE_ADDS_PER_MINUTE: value }),
      ).toThrow(/BIKE_ADDS_PER_MINUTE/);
    }
    expect(loadConfig({ DATA_DIR: test.config.dataDir }).bikeAddsPerMinute).toBe(60);
  });
});
