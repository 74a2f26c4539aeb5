import { describe, expect, it } from "vitest";
import { checkPgDumpVersion } from "./postgres-backup.ts";

describe("the pg_dump a PostgreSQL backup needs", () => {
  it("may be the server's major version or newer", () => {
    expect(() => checkPgDumpVersion("15.8", "15.2")).not.toThrow();
    expect(() => checkPgDumpVersion("17.0", "15.8")).not.toThrow();
  });

  it("is refused when older than the server, saying which to install", () => {
    expect(() => checkPgDumpVersion("15.8", "16.4")).toThrow(
      "pg_dump 15.8 is older than the PostgreSQL server (16.4) and cannot dump it: install the client programs of PostgreSQL 16 or newer",
    );
  });
});
