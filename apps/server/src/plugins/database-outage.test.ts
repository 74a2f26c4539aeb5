import SQLite from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, type TestUser } from "../../test/accounts.ts";
import { addBike, deliver } from "../../test/stock-helpers.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "./errors.ts";

describe("isDatabaseUnavailable", () => {
  const coded = (code: string, message = "failed") => Object.assign(new Error(message), { code });

  it.each([
    ["a refused connection", coded("ECONNREFUSED")],
    [
      "PostgreSQL shut down by its admin",
      coded("57P01", "terminating connection due to administrator command"),
    ],
    ["PostgreSQL starting up", coded("57P03")],
    ["a PostgreSQL connection exception (class 08)", coded("08006")],
    ["too many PostgreSQL connections", coded("53300")],
    ["a busy SQLite file", coded("SQLITE_BUSY", "database is locked")],
    ["a SQLite I/O error", coded("SQLITE_IOERR_WRITE")],
    [
      "a lost connection pg names only in its message",
      new Error("Connection terminated unexpectedly"),
    ],
    ["a refusal as the cause", new Error("query failed", { cause: coded("ECONNREFUSED") })],
    ["every address refused", new AggregateError([coded("ECONNREFUSED"), coded("ECONNREFUSED")])],
  ])("is true for %s", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", coded("23505")],
    ["a check violation", coded("23514")],
    ["a SQLite constraint", coded("SQLITE_CONSTRAINT_CHECK")],
    ["a syntax error", coded("42601")],
    ["a plain bug", new TypeError("x is undefined")],
    ["not an error", "ECONNREFUSED"],
  ])("is false for %s", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

// A second process holding SQLite's write lock past the busy timeout: the write cannot happen
// now, but may in a moment, so it is a 503 with Retry-After, not a 500.
describe("a SQLite database locked by another process", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-test-"));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  let app: Awaited<ReturnType<typeof buildApp>>;
  let user: TestUser;
  let id: string;
  beforeAll(async () => {
    app = await buildApp(config);
    user = await signUp(app);
    id = await addBike(app, user);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a write with 503 and Retry-After, then works again once the lock is gone", async () => {
    if (config.database.kind !== "sqlite") throw new Error("expected SQLite");
    const other = new SQLite(config.database.file);
    try {
      other.exec("begin exclusive");
      const response = await deliver(app, user, id);
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(response.json()).toMatchObject({ statusCode: 503, error: "Service Unavailable" });
      other.exec("rollback");
    } finally {
      other.close();
    }
    expect((await deliver(app, user, id)).statusCode).toBe(200);
  }, 20_000);
});
