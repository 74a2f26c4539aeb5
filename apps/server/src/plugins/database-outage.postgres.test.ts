import { beforeAll, describe, expect, it, vi } from "vitest";
import { signUp, type TestUser } from "../../test/accounts.ts";
import { addBike, deliver } from "../../test/stock-helpers.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "./errors.ts";
import { useAppOnOwnPostgres } from "../../test/own-postgres-app.ts";

// Stopping PostgreSQL would cut the shared test cluster from under other files, so this file
// starts a cluster of its own and stops it while the app runs.
describe("PostgreSQL going away", () => {
  const own = useAppOnOwnPostgres();
  let user: TestUser;
  let id: string;

  beforeAll(async () => {
    user = await signUp(own.app);
    id = await addBike(own.app, user);
  });

  it("answers reads, writes and the health check with 503 and Retry-After, not 500", async () => {
    const server = own.app;
    expect((await server.inject("/api/health")).statusCode).toBe(200);
    await own.cluster.stop();
    // better-auth logs its failed session lookup (the write's sign-in check) on the console itself.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});

    for (const response of [
      await server.inject("/api/bikes"),
      await server.inject(`/api/bikes/${id}`),
      await server.inject("/api/stock?limit=5"),
      await deliver(server, user, id),
    ]) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(response.json()).toMatchObject({ statusCode: 503, error: "Service Unavailable" });
    }
    const health = await server.inject("/api/health");
    expect(health.statusCode).toBe(503);
    expect(health.headers["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(health.json()).toEqual({ status: "unavailable", database: "postgres" });
    for (const call of logged.mock.calls) expect(JSON.stringify(call)).toContain("ECONNREFUSED");
  }, 30_000);
});
