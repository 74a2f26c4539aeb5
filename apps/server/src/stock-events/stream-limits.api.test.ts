import { apiErrorSchema } from "@ultimate-bikes/contract/errors";
import { STOCK_EVENT, STOCK_READY_EVENT } from "@ultimate-bikes/contract/stock-events";
import type { EventStream } from "@ultimate-bikes/test-support/sse-client";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import {
  EVENTS_URL,
  expectOk,
  ledgerOf,
  newestMovementId,
  useListening,
  useStreams,
} from "../../test/event-streams.ts";
import { addBike, deliver, importUnits, range } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";
import { loadConfig } from "../config.ts";

/** An answer read over a real socket; an event stream is left open, to be closed by the test. */
interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  close(): void;
}

/**
 * `method url` from `localAddress` (another loopback address is another client). Fails when no
 * answer has ended within `timeoutMs`, or, for a 200 event stream, when its headers have not come.
 */
function rawRequest(
  method: "GET" | "HEAD",
  url: string,
  { localAddress = "127.0.0.1", timeoutMs = 5000 } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, localAddress, agent: false });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`${method} ${url}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const answer = (response: http.IncomingMessage, body: string) => {
      clearTimeout(timer);
      resolve({
        status: response.statusCode!,
        headers: response.headers,
        body,
        close: () => request.destroy(),
      });
    };
    request.on("error", reject);
    request.on("response", (response) => {
      if (method === "GET" && response.statusCode === 200) return answer(response, "");
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => answer(response, body));
    });
    request.end();
  });
}

const closers = new Set<() => void>();
afterEach(() => {
  for (const close of closers) close();
  closers.clear();
});

describe(`the live stock stream's limits, on ${testDatabaseKind}`, () => {
  const test = useTestApp({ environment: { SEED: "off" } });
  const server = useListening(() => test.app);
  const openStream = useStreams();
  const url = () => `${server.origin}${EVENTS_URL}`;

  it("answers HEAD at once with the stream's headers and no body, and holds no place", async () => {
    // More than one address may hold: a HEAD that kept its socket, or counted, would show.
    for (let index = 0; index < 25; index++) {
      const head = await rawRequest("HEAD", url(), { timeoutMs: 1000 });
      expect(head.status).toBe(200);
      expect(head.headers["content-type"]).toMatch(/^text\/event-stream/);
      expect(head.headers["cache-control"]).toBe("no-cache, no-transform");
      expect(head.body).toBe("");
    }
    const stream = await openStream(url());
    await stream.next(STOCK_READY_EVENT);
  });

  it("refuses the 21st stream from one address with 429 and Retry-After until one closes", async () => {
    const streams: EventStream[] = [];
    for (let index = 0; index < 20; index++) streams.push(await openStream(url()));
    for (const stream of streams) await stream.next(STOCK_READY_EVENT);

    const refused = await rawRequest("GET", url());
    expect(refused.status, refused.body).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(apiErrorSchema.parse(JSON.parse(refused.body))).toMatchObject({
      statusCode: 429,
      error: "Too Many Requests",
    });

    // Another address is another client.
    const other = await rawRequest("GET", url(), { localAddress: "127.0.0.2" });
    closers.add(other.close);
    expect(other.status).toBe(200);

    // A closed stream frees its place, once the server has seen it go.
    streams[0]!.close();
    let again = await rawRequest("GET", url());
    for (let tries = 0; again.status === 429 && tries < 100; tries++) {
      await sleep(50);
      again = await rawRequest("GET", url());
    }
    closers.add(again.close);
    expect(again.status, again.body).toBe(200);
  });

  it("takes EVENT_STREAMS_PER_CLIENT as a whole number of at least 1, 20 when unset", () => {
    const limitOf = (value?: string) =>
      loadConfig({ AUTH_SECRET: "s".repeat(32), EVENT_STREAMS_PER_CLIENT: value })
        .eventStreamsPerClient;
    expect(limitOf()).toBe(20);
    expect(limitOf("3")).toBe(3);
    for (const bad of ["0", "2.5", "many"]) {
      expect(() => limitOf(bad)).toThrow(/EVENT_STREAMS_PER_CLIENT/);
    }
  });
});

describe(`a burst of writes to many streams, on ${testDatabaseKind}`, () => {
  const test = useTestApp({
    signedUpUsers: ["staff"],
    environment: { SEED: "off", EVENT_STREAMS_PER_CLIENT: "1000" },
  });
  const { staff } = test.users;
  const server = useListening(() => test.app);
  const openStream = useStreams();
  const url = () => `${server.origin}${EVENTS_URL}`;

  it("reaches every stream complete and in order, live or resuming meanwhile", async () => {
    const id = await addBike(test.app, staff, { quantity: 60 });
    const before = await newestMovementId(test.app, staff, id);
    // More streams than the hub writes to in one turn of the event loop.
    const live = await Promise.all(range(0, 250).map(() => openStream(url())));
    for (const stream of live) await stream.next(STOCK_READY_EVENT);

    const writes = Promise.all(
      range(0, 100).map((index) =>
        index % 2 ? deliver(test.app, staff, id) : importUnits(test.app, staff, id, 1),
      ),
    );
    // Opened while the burst commits: their replay and the live events meet without a gap.
    const resuming = await Promise.all(
      range(0, 10).map(() => openStream(url(), { lastEventId: before })),
    );
    for (const response of await writes) expectOk(response);

    const expected = (await ledgerOf(test.app, staff, id))
      .map((movement) => movement.id)
      .filter((movementId) => movementId > before);
    expect(expected).toHaveLength(100);
    for (const stream of [...live, ...resuming]) {
      // The first 100 `stock` events (a resuming stream has its `ready` among them).
      const ids: number[] = [];
      while (ids.length < 100) ids.push(Number((await stream.next(STOCK_EVENT)).id));
      expect(ids).toEqual(expected);
    }
  }, 30_000);
});
