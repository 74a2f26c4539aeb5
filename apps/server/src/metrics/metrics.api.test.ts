import { describe, expect, it } from "vitest";
import { EVENTS_URL, nextStockOf, useListening, useStreams } from "../../test/event-streams.ts";
import { useSecondInstance } from "../../test/second-instance.ts";
import { addBike, deliver, UNKNOWN_BIKE_ID } from "../../test/stock-helpers.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

/** The scrape, as Prometheus would take it. */
async function scrape(url: string | undefined): Promise<string> {
  if (!url) throw new Error("the app serves no metrics");
  const answer = await fetch(url);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.text();
}

/** The value of the one sample of `name` with (at least) these labels; undefined if none. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  for (const line of text.split("\n")) {
    const match = /^([a-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match || match[1] !== name) continue;
    const has = (match[2] ?? "").split(",");
    if (wanted.every((pair) => has.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

const BY_ID = "/api/bikes/:id";

describe(`the metrics on ${testDatabaseKind}`, () => {
  /** How many requests for a URL reached Fastify's pipeline: the rest the door answered. */
  const piped = new Map<string, number>();
  const test = useTestApp({
    signedUpUsers: ["staff"],
    overrides: { metricsPort: 0 },
    beforeReady: (app) =>
      app.addHook("onRequest", (request, _reply, done) => {
        piped.set(request.url, (piped.get(request.url) ?? 0) + 1);
        done();
      }),
  });
  const listening = useListening(() => test.app);
  const openStream = useStreams();
  const { staff } = test.users;

  it("counts requests by route pattern and status, the stored-answer door's answers too", async () => {
    const id = await addBike(test.app, staff);
    const url = `${listening.origin}/api/bikes/${id}`;
    for (let read = 0; read < 5; read++) expect((await fetch(url)).status).toBe(200);
    expect((await fetch(`${listening.origin}/api/bikes/${UNKNOWN_BIKE_ID}`)).status).toBe(404);

    // The door answered all but the first read, before Fastify: counted all the same.
    expect(piped.get(`/api/bikes/${id}`)).toBe(1);
    const text = await scrape(test.app.metricsUrl);
    const reads = { method: "GET", route: BY_ID, status_code: "200" };
    expect(sample(text, "http_request_duration_seconds_count", reads)).toBe(5);
    const missing = { method: "GET", route: BY_ID, status_code: "404" };
    expect(sample(text, "http_request_duration_seconds_count", missing)).toBe(1);
    expect(sample(text, "http_request_duration_seconds_bucket", { ...reads, le: "+Inf" })).toBe(5);
    expect(sample(text, "http_request_duration_seconds_sum", reads)).toBeGreaterThan(0);
    // Patterns, never URLs: labels stay few whatever clients ask for.
    expect(text).not.toContain(id);
    expect(text).not.toContain(UNKNOWN_BIKE_ID);
  });

  it("counts open event streams, and times the events written to them", async () => {
    const id = await addBike(test.app, staff);
    const streams = [
      await openStream(`${listening.origin}${EVENTS_URL}`),
      await openStream(`${listening.origin}${EVENTS_URL}`),
    ];
    for (const stream of streams) await stream.next("ready");
    expect(sample(await scrape(test.app.metricsUrl), "ultimate_bikes_stock_event_streams")).toBe(2);

    expect((await deliver(test.app, staff, id)).statusCode).toBe(200);
    for (const stream of streams) await nextStockOf(stream, id);
    const text = await scrape(test.app.metricsUrl);
    expect(sample(text, "ultimate_bikes_stock_event_delay_seconds_count")).toBeGreaterThanOrEqual(
      1,
    );
    // A stream's lifetime is not a request's latency.
    expect(text).not.toContain(`route="${EVENTS_URL}",status_code="200"`);

    for (const stream of streams) stream.close();
    await expect
      .poll(async () =>
        sample(await scrape(test.app.metricsUrl), "ultimate_bikes_stock_event_streams"),
      )
      .toBe(0);
  });

  it("shows queries, the database's connections, the alert outbox and the process", async () => {
    const text = await scrape(test.app.metricsUrl);
    expect(
      sample(text, "ultimate_bikes_db_query_duration_seconds_count", { outcome: "ok" }),
    ).toBeGreaterThan(0);
    expect(sample(text, "ultimate_bikes_alert_outbox_unsent")).toBeGreaterThanOrEqual(0);
    if (testDatabaseKind === "postgres") {
      const idle = sample(text, "ultimate_bikes_db_pool_connections", { state: "idle" });
      const inUse = sample(text, "ultimate_bikes_db_pool_connections", { state: "in_use" });
      expect(idle! + inUse!).toBeGreaterThanOrEqual(1);
      expect(idle! + inUse!).toBeLessThanOrEqual(10);
      expect(sample(text, "ultimate_bikes_db_pool_waiting")).toBeGreaterThanOrEqual(0);
    } else {
      expect(sample(text, "ultimate_bikes_sqlite_write_turns", { state: "waiting" })).toBe(0);
      expect(sample(text, "ultimate_bikes_sqlite_import_writing")).toBe(0);
    }
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sample(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThan(0);
  });

  describe("beside a second app in the same process", () => {
    const second = useSecondInstance(test);

    it("each app has metrics of its own", async () => {
      const first = await scrape(test.app.metricsUrl);
      const stock = { route: "/api/stock" };
      const before = sample(first, "http_request_duration_seconds_count", stock);
      expect((await second.app.inject("/api/stock")).statusCode).toBe(200);
      expect(second.app.metricsUrl).not.toBe(test.app.metricsUrl);
      const secondText = await scrape(second.app.metricsUrl);
      expect(sample(secondText, "http_request_duration_seconds_count", stock)).toBe(1);
      const after = await scrape(test.app.metricsUrl);
      expect(sample(after, "http_request_duration_seconds_count", stock)).toBe(before);
    });
  });
});
