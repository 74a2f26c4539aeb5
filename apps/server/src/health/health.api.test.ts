import { apiErrorSchema } from "@ultimate-bikes/contract/errors";
import { describe, expect, it } from "vitest";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

describe(`health and the API's edges on ${testDatabaseKind}`, () => {
  const test = useTestApp();

  it("reports the database as reachable", async () => {
    const response = await test.app.inject("/api/health");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: testDatabaseKind });
  });

  it("is live, without asking the database", async () => {
    const response = await test.app.inject("/api/health/live");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("is ready once started: migrated, and the database answers", async () => {
    const response = await test.app.inject("/api/health/ready");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ready", database: testDatabaseKind });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers an unknown /api path with the JSON error shape", async () => {
    const response = await test.app.inject("/api/no-such-thing");
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({
      statusCode: 404,
      error: "Not Found",
    });
  });

  it("describes every route in the OpenAPI document", async () => {
    const response = await test.app.inject("/api/docs/json");
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/health/live",
        "/api/health/ready",
        "/api/bikes",
        "/api/bikes/{id}",
      ]),
    );
  });

  it("serves the browsable API reference", async () => {
    const response = await test.app.inject("/api/docs/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
  });
});
