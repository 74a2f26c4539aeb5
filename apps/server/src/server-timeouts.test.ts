import { STOCK_EVENT, STOCK_READY_EVENT } from "@ultimate-bikes/contract/stock-events";
import { openEventStream } from "@ultimate-bikes/test-support/sse-client";
import type { FastifyInstance } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../test/accounts.ts";
import { addBike, deliver } from "../test/stock-helpers.ts";
import { buildApp } from "./app.ts";
import { DEFAULT_TIMEOUTS, loadConfig, type ServerTimeouts } from "./config.ts";

/** An app on SQLite listening on a loopback port, with the given timeouts. */
async function listeningApp(timeouts: ServerTimeouts) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-test-"));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const app = await buildApp({ ...config, timeouts });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("not a TCP address");
  return {
    app,
    port: address.port,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Sends a sign-in whose body comes one byte every `everyMs`, as a slow-loris client would (the
 * route reads the whole body before it answers), and resolves when the server ends the
 * connection: how long that took and what it answered.
 */
function trickle(port: number, everyMs: number) {
  const body = JSON.stringify({ email: "slow@example.com", password: "x".repeat(40) });
  const started = Date.now();
  return new Promise<{ afterMs: number; answer: string }>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", () => {}); // a reset after the answer still ends the test below
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ afterMs: Date.now() - started, answer });
    });
    socket.on("connect", () => {
      socket.write(
        `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
      );
      timer = setInterval(() => {
        if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
      }, everyMs);
    });
    setTimeout(
      () => reject(new Error("the server never cut the trickled request")),
      20_000,
    ).unref();
  });
}

describe("server timeouts", () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  // What a started server uses: it cuts a slow request within about 10 s. That the limits do cut
  // is proven below on a server with short ones (waiting out 10 s proves no more, at 10 s a run).
  it("starts with a 10 s limit on a request, checked every second", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-test-"));
    try {
      const { timeouts } = loadConfig({ DATA_DIR: dataDir });
      expect(timeouts).toEqual(DEFAULT_TIMEOUTS);
      expect(timeouts).toMatchObject({ requestMs: 10_000, checkEveryMs: 1_000 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe("with short timeouts", () => {
    const short: ServerTimeouts = {
      idleMs: 1_000,
      requestMs: 1_000,
      headersMs: 500,
      keepAliveMs: 500,
      checkEveryMs: 100,
      closingIdleMs: 500,
    };
    let running: Awaited<ReturnType<typeof listeningApp>>;
    let app: FastifyInstance;
    beforeAll(async () => {
      running = await listeningApp(short);
      app = running.app;
      closers.push(() => running.close());
    });

    it("cuts a body trickled one byte at a time once the request limit is up (408)", async () => {
      const { afterMs, answer } = await trickle(running.port, 200);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      // The 408 says the request limit cut it (the idle limit closes without an answer); the
      // margin above is for a loaded machine, not a measure of speed.
      expect(afterMs).toBeGreaterThanOrEqual(short.requestMs - 500);
      expect(afterMs).toBeLessThan(short.requestMs + 2 * short.checkEveryMs + 2_000);
    });

    it("closes a connection that never finishes its headers", async () => {
      const started = Date.now();
      const closedAfter = await new Promise<number>((resolve) => {
        const socket = net.connect(running.port, "127.0.0.1", () =>
          socket.write("GET /api/bikes HTTP/1.1\r\n"),
        );
        socket.on("error", () => {});
        socket.resume(); // reads (and drops) the 408, so the close comes through
        socket.on("close", () => resolve(Date.now() - started));
      });
      expect(closedAfter).toBeLessThan(3_000);
    });

    it("keeps the live stock stream open well past every timeout", async () => {
      const user = await signUp(app);
      const id = await addBike(app, user);
      const stream = await openEventStream(`http://127.0.0.1:${running.port}/api/stock/events`);
      try {
        expect(stream.status).toBe(200);
        await stream.next(STOCK_READY_EVENT);
        await sleep(3 * short.requestMs);
        expect(stream.ended).toBe(false);
        expect((await deliver(app, user, id)).statusCode).toBe(200);
        const event = JSON.parse((await stream.next(STOCK_EVENT)).data) as { bikeId: string };
        expect(event.bikeId).toBe(id);
      } finally {
        stream.close();
      }
    }, 15_000);
  });
});
