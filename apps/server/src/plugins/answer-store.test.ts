import type { OutgoingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { createAnswerStore } from "./answer-store.ts";

const serialized = (text: string) => ({
  body: Buffer.from(text),
  contentType: "application/json",
  etag: 'W/"v1-test"',
});

const sent = (text: string, headers: OutgoingHttpHeaders = {}) => ({
  body: Buffer.from(text),
  headers,
  notModifiedHeaders: {},
  etag: 'W/"v1-test"',
  route: "/a",
});

describe("the read cache's one memory", () => {
  it("gives back an answer of the current version, and none once the version moved", () => {
    const store = createAnswerStore({ maxEntries: 10, maxBytes: 1000 });
    store.keepSerialized("/a", 7, serialized("[1]"));
    expect(store.serialized("/a", 7)?.body.toString()).toBe("[1]");
    expect(store.serialized("/a", 8)).toBeUndefined();
    expect(store.size).toEqual({ entries: 0, bytes: 0 });
  });

  it("never keeps an answer read at a version older than one already seen", () => {
    const store = createAnswerStore({ maxEntries: 10, maxBytes: 1000 });
    expect(store.serialized("/a", 8)).toBeUndefined();
    store.keepSerialized("/a", 7, serialized("[old]"));
    store.keepSent("/a", 7, {}, sent("[old]"));
    expect(store.has("/a")).toBe(false);
  });

  it("gives a sent answer only to requests with the values of the headers its Vary names", () => {
    const store = createAnswerStore({ maxEntries: 10, maxBytes: 1000 });
    const vary = { vary: "Origin, Accept-Encoding" };
    store.keepSent(
      "/a",
      1,
      { "accept-encoding": "br", origin: "https://a.example" },
      sent("A", vary),
    );
    store.keepSent("/a", 1, { "accept-encoding": "br" }, sent("plain", vary));
    const body = (headers: Record<string, string>) => store.sent("/a", 1, headers)?.body.toString();
    expect(body({ "accept-encoding": "br", origin: "https://a.example" })).toBe("A");
    expect(body({ "accept-encoding": "br" })).toBe("plain");
    expect(body({ "accept-encoding": "br", origin: "https://b.example" })).toBeUndefined();
    expect(body({ "accept-encoding": "gzip" })).toBeUndefined();
    // Headers its Vary does not name do not matter, unless the caller says they do.
    store.keepSent("/b", 1, { "accept-encoding": "br" }, sent("B"));
    expect(store.sent("/b", 1, {})?.body.toString()).toBe("B");
    store.keepSent("/c", 1, { "accept-encoding": "br" }, sent("C"), ["accept-encoding"]);
    expect(store.sent("/c", 1, {})).toBeUndefined();
    store.keepSent("/d", 1, {}, sent("D", { vary: "*" }));
    expect(store.has("/d")).toBe(false);
  });

  it("drops the least recently used URLs past its entry count, all their forms together", () => {
    const store = createAnswerStore({ maxEntries: 2, maxBytes: 1000 });
    store.keepSerialized("/a", 1, serialized("a"));
    store.keepSent("/b", 1, {}, sent("b"));
    store.keepSerialized("/b", 1, serialized("b"));
    store.serialized("/a", 1);
    store.keepSerialized("/c", 1, serialized("c"));
    expect(store.has("/b")).toBe(false);
    expect(store.serialized("/a", 1)).toBeDefined();
    expect(store.serialized("/c", 1)).toBeDefined();
    expect(store.size).toEqual({ entries: 2, bytes: 2 });
  });

  it("stays within its byte budget and keeps no URL above a quarter of it", () => {
    const store = createAnswerStore({ maxEntries: 100, maxBytes: 100 });
    store.keepSerialized("/huge", 1, serialized("x".repeat(26)));
    expect(store.has("/huge")).toBe(false);
    store.keepSerialized("/1", 1, serialized("y".repeat(20)));
    store.keepSent("/1", 1, {}, sent("y".repeat(6)));
    expect(store.size).toEqual({ entries: 1, bytes: 20 });
    for (const key of ["/2", "/3", "/4", "/5"])
      store.keepSerialized(key, 1, serialized("y".repeat(25)));
    expect(store.size).toEqual({ entries: 4, bytes: 100 });
    expect(store.has("/1")).toBe(false);
    store.keepSerialized("/5", 1, serialized("z"));
    expect(store.size).toEqual({ entries: 4, bytes: 76 });
  });
});
