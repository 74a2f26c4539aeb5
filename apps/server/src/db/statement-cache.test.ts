import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { withStatementCache } from "./statement-cache.ts";

describe("the SQLite connection's kept statements", () => {
  const sqlite = new SQLite(":memory:");
  const database = withStatementCache(sqlite);
  afterAll(() => database.close());

  it("prepares a statement once and runs it again with new values", () => {
    const statement = database.prepare("select ? + 1 as next");
    expect(database.prepare("select ? + 1 as next")).toBe(statement);
    expect(statement.all([1])).toEqual([{ next: 2 }]);
    expect(database.prepare("select ? + 1 as next").all([41])).toEqual([{ next: 42 }]);
  });

  it("lets the least recently used go once 500 are kept, and prepares it again when asked", () => {
    const first = database.prepare("select 'first'");
    const recent = database.prepare("select 'recent'");
    for (let n = 0; n < 498; n++) database.prepare(`select ${n}`);
    // Used again: now the most recent, so the next new statement pushes out the first.
    expect(database.prepare("select 'recent'")).toBe(recent);
    database.prepare("select 'one more'");
    expect(database.prepare("select 'recent'")).toBe(recent);
    expect(database.prepare("select 'first'")).not.toBe(first);
  });
});
