import { connect, createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { useListening } from "../../test/event-streams.ts";
import { useTestApp } from "../../test/test-app.ts";
import { buildApp } from "../app.ts";

/** A loopback port nothing listens on now (the system's pick, let go at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("not a TCP address")),
      );
    });
  });
}

/** Whether something on loopback takes a connection on `port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("the metrics port", () => {
  const test = useTestApp();
  const listening = useListening(() => test.app);

  it("is not opened unless METRICS_PORT is set, and the public port has no metrics", async () => {
    expect(test.config.metricsPort).toBeUndefined();
    expect(test.app.metricsUrl).toBeUndefined();
    const answer = await fetch(`${listening.origin}/metrics`);
    expect(await answer.text()).not.toContain("http_request_duration_seconds");
  });

  it("opens on HOST with the app, serves /metrics alone, and closes with the app", async () => {
    const port = await freePort();
    const app = await buildApp({ ...test.config, seed: false, metricsPort: port });
    try {
      await app.ready();
      expect(app.metricsUrl).toBe(`http://127.0.0.1:${port}/metrics`);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/api/stock`)).status).toBe(404);
    } finally {
      await app.close();
    }
    expect(await accepts(port)).toBe(false);
  });
});
