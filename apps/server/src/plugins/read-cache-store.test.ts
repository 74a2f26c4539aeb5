import { describe, expect, it } from "vitest";
import { createReadCacheStore } from "./read-cache-store.ts";

const answer = (text: string) => ({
  body: Buffer.from(text),
  contentType: "application/json",
  etag: 'W/"v1-test"',
});

describe("the read cache's memory", () => {
  it("gives back an answer of the current version, and none once the version moved", () => {
    const store = createReadCacheStore({ maxEntries: 10, maxBytes: 1000 });
    store.set("/a", 7, answer("[1]"));
    expect(store.get("/a", 7)?.body.toString()).toBe("[1]");
    expect(store.get("/a", 8)).toBeUndefined();
    expect(store.size).toEqual({ entries: 0, bytes: 0 });
  });

  it("never keeps an answer read at a version older than one already seen", () => {
    const store = createReadCacheStore({ maxEntries: 10, maxBytes: 1000 });
    expect(store.get("/a", 8)).toBeUndefined();
    store.set("/a", 7, answer("[old]"));
    expect(store.get("/a", 7)).toBeUndefined();
    expect(store.get("/a", 8)).toBeUndefined();
  });

  it("drops the least recently used answers past its entry count", () => {
    const store = createReadCacheStore({ maxEntries: 2, maxBytes: 1000 });
    store.set("/a", 1, answer("a"));
    store.set("/b", 1, answer("b"));
    store.get("/a", 1);
    store.set("/c", 1, answer("c"));
    expect(store.get("/b", 1)).toBeUndefined();
    expect(store.get("/a", 1)).toBeDefined();
    expect(store.get("/c", 1)).toBeDefined();
  });

  it("stays within its byte budget and keeps no answer above a quarter of it", () => {
    const store = createReadCacheStore({ maxEntries: 100, maxBytes: 100 });
    store.set("/huge", 1, answer("x".repeat(26)));
    expect(store.get("/huge", 1)).toBeUndefined();
    for (const key of ["/1", "/2", "/3", "/4", "/5"]) store.set(key, 1, answer("y".repeat(25)));
    expect(store.size).toEqual({ entries: 4, bytes: 100 });
    expect(store.get("/1", 1)).toBeUndefined();
    store.set("/5", 1, answer("z"));
    expect(store.size).toEqual({ entries: 4, bytes: 76 });
  });
});
