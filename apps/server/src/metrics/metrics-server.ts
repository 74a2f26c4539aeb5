import type { FastifyReply } from "fastify";
import fp from "fastify-plugin";
import http from "node:http";
import { routeLabel, type AppMetrics } from "./app-metrics.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Where Prometheus scrapes this app (`http://127.0.0.1:9464/metrics`), once it is ready. */
    readonly metricsUrl: string | undefined;
  }
}

/** A stream's lifetime is no request's latency: open streams have a gauge of their own. */
const isEventStream = (reply: FastifyReply) =>
  String(reply.getHeader("content-type") ?? "").startsWith("text/event-stream");

/**
 * The metrics of an app (docs/decisions/032): every request Fastify answers is timed by its
 * route pattern (the stored-answer door times its own), and `/metrics` is served by a small HTTP
 * server of its own on METRICS_PORT, bound to HOST, started when the app is ready and closed
 * with it. Apart from the app, it is never reachable through the public port or a proxy in front.
 */
export const metricsPlugin = fp(
  async (app, { metrics, port, host }: { metrics: AppMetrics; port: number; host: string }) => {
    // A callback hook: no promise per request.
    app.addHook("onResponse", function (request, reply, done) {
      if (!isEventStream(reply)) {
        metrics.answered(
          request.method,
          routeLabel(request),
          reply.statusCode,
          reply.elapsedTime / 1000,
        );
      }
      done();
    });

    const { registry } = metrics;
    const server = http.createServer((request, response) => {
      const path = request.url?.split("?")[0];
      if (path !== "/metrics") {
        response.writeHead(404, { "content-type": "text/plain" }).end("Only /metrics is here\n");
        return;
      }
      if (request.method !== "GET" && request.method !== "HEAD") {
        response.writeHead(405, { allow: "GET, HEAD" }).end();
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, "collecting the metrics failed");
          response.writeHead(500, { "content-type": "text/plain" }).end("Collecting failed\n");
        },
      );
    });
    let url: string | undefined;
    app.decorate("metricsUrl", { getter: () => url });

    app.addHook("onReady", async () => {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen({ port, host }, () => {
          server.off("error", reject);
          resolve();
        });
      });
      const address = server.address();
      if (address !== null && typeof address === "object") {
        const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
        url = `http://${shown}:${address.port}/metrics`;
        app.log.info(`metrics are served at ${url}`);
      }
    });
    app.addHook("onClose", async () => {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: "metrics" },
);
