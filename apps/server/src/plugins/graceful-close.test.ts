import { STOCK_READY_EVENT } from "@ultimate-bikes/contract/stock-events";
import { openEventStream } from "@ultimate-bikes/test-support/sse-client";
import type { FastifyInstance } from "fastify";
import { once } from "node:events";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { signUp } from "../../test/accounts.ts";
import { fastPasswordHashing } from "../../test/fast-password-hashing.ts";
import { EVENTS_URL } from "../../test/event-streams.ts";
import { addBike } from "../../test/stock-helpers.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { RECONNECT_AFTER_CLOSE_MS, RECONNECT_SPREAD_MS } from "../stock-events/stock-event-hub.ts";

/** What came back on a raw connection, once the server closed it. */
interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

function parseAnswer(text: string): RawAnswer {
  // A 100 Continue may come first; the answer is the last status line.
  const start = text.lastIndexOf("HTTP/1.1 ");
  const [head = "", body = ""] = text.slice(start).split("\r\n\r\n", 2);
  return { status: Number(head.slice(9, 12)), headers: head.toLowerCase(), body };
}

/**
 * A connection the server has accepted, on which the test writes a request by hand: part of
 * it now, the rest later, as a slow client (or a proxy relaying one) does.
 */
async function rawConnection(app: FastifyInstance, port: number) {
  const accepted = once(app.server, "connection");
  const socket = net.connect(port, "127.0.0.1");
  socket.setEncoding("utf8");
  let text = "";
  socket.on("data", (chunk: string) => (text += chunk));
  const closed = once(socket, "close").then(() => parseAnswer(text));
  await accepted;
  return {
    write: (chunk: string) => socket.write(chunk),
    received: () => text,
    /** The answer, once the server has closed the connection after it. */
    answer: (): Promise<RawAnswer> => closed,
  };
}

const get = (url: string) => `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n`;

describe("closing the server (what SIGTERM does) on sqlite", () => {
  let dataDir: string | undefined;
  let app: FastifyInstance | undefined;
  let closed: Promise<void> | undefined;
  afterEach(async () => {
    await (closed ?? app?.close());
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    app = closed = dataDir = undefined;
  });

  it("refuses new connections, finishes the requests in flight and tells streams to reconnect", async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-test-"));
    // A copy of the empty database the run migrated once (test/database-templates.ts).
    cpSync(inject("databaseTemplates").empty, dataDir, { recursive: true });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", SEED: "off" });
    // The test's own client (the event stream's fetch) keeps an idle connection: left to it for
    // a short while, then closed, as the server does in production after 8 s.
    const timeouts = { ...config.timeouts, closingIdleMs: 3_000 };
    app = await buildApp({ ...config, timeouts, passwordHashing: fastPasswordHashing });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;
    const user = await signUp(app);
    const id = await addBike(app, user, { quantity: 2 });

    // A kept-alive connection that is idle, as a proxy keeps to each server.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await new Promise<net.Socket>((resolve, reject) => {
      const request = http.get(`${origin}/api/health/ready`, { agent }, (response) => {
        expect(response.statusCode).toBe(200);
        response.resume().on("end", () => resolve(request.socket!));
      });
      request.on("error", reject);
    });
    const idleClosed = once(idle, "close");
    // An open event stream.
    const stream = await openEventStream(`${origin}${EVENTS_URL}`);
    await stream.next(STOCK_READY_EVENT);
    // A write in flight: the server has its headers (it said 100 Continue), not all its body.
    const body = JSON.stringify({ amount: 3 });
    const write = await rawConnection(app, port);
    write.write(
      `POST /api/bikes/${id}/imports HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Cookie: ${user.cookie}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await expect.poll(write.received).toMatch(/^HTTP\/1\.1 100 Continue/);
    write.write(body.slice(0, 4));
    // Requests still arriving on connections already open: a probe of each kind and a stream.
    const ready = await rawConnection(app, port);
    const live = await rawConnection(app, port);
    const lateStream = await rawConnection(app, port);
    ready.write(get("/api/health/ready"));
    live.write(get("/api/health/live"));
    lateStream.write(get(EVENTS_URL));

    closed = app.close();
    await expect.poll(() => app!.server.listening).toBe(false);

    // The listening socket is closed: a proxy gets "connection refused" and tries elsewhere.
    const connecting = net.connect(port, "127.0.0.1");
    const [refused] = (await once(connecting, "error")) as [NodeJS.ErrnoException];
    expect(refused.code).toBe("ECONNREFUSED");

    // A request on the idle kept-alive connection (a proxy reusing it) is answered, then the
    // connection closed: had the server closed it as idle, a POST the proxy was writing on it
    // at that moment would fail after it was sent, and could not be retried elsewhere.
    const reused = await new Promise<{ status?: number; connection?: string; socket: net.Socket }>(
      (resolve, reject) => {
        const request = http.get(`${origin}/api/health/live`, { agent }, (response) => {
          const answer = {
            status: response.statusCode,
            connection: response.headers.connection,
            socket: request.socket!,
          };
          response.resume().on("end", () => resolve(answer));
        });
        request.on("error", reject);
      },
    );
    expect(reused).toEqual({ status: 200, connection: "close", socket: idle });
    await idleClosed;

    // The open stream was told to come back soon, and ended.
    await expect(stream.next(undefined, 5000)).rejects.toThrow(/the server ended the stream/);
    expect(stream.retry).toBeGreaterThanOrEqual(RECONNECT_AFTER_CLOSE_MS);
    expect(stream.retry).toBeLessThan(RECONNECT_AFTER_CLOSE_MS + RECONNECT_SPREAD_MS);

    // Requests that arrive now on open connections are answered, and their connection closed.
    for (const request of [ready, live, lateStream]) request.write("\r\n");
    const [readiness, liveness, late] = await Promise.all([
      ready.answer(),
      live.answer(),
      lateStream.answer(),
    ]);
    expect(readiness.status).toBe(503);
    expect(JSON.parse(readiness.body)).toEqual({ status: "stopping", database: "sqlite" });
    expect(liveness.status).toBe(200);
    for (const answer of [readiness, liveness]) {
      expect(answer.headers).toContain("connection: close");
    }
    // A stream asked for now gets only the hint to reconnect elsewhere.
    expect(late.status).toBe(200);
    expect(late.body).toMatch(/retry: \d+\n\n/);
    expect(late.body).not.toMatch(/event:/);

    // The write in flight completes, acknowledged, before the database closes.
    write.write(body.slice(4));
    const written = await write.answer();
    expect(written.status, written.body).toBe(200);
    expect(JSON.parse(written.body)).toMatchObject({ quantity: 5 });

    await closed;
    expect(app.server.listening).toBe(false);
  });
});
