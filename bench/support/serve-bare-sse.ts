/**
 * Child process: the live stock benchmark's baseline. A bare `node:http` server, no framework, no
 * database: `GET /api/stock/events` opens a stream that starts as the app's does (`retry:` then
 * `ready`), and each `POST /publish` writes its body as one `stock` message, with the next id, to
 * every open stream, then answers `{"id":N}`. Like the app, it drops a stream once 256 KiB wait
 * for it. Whatever the app spends beyond this is its own work (the write, the commit, reading the
 * ledger, serializing). The protocol with the parent is child-lifecycle.ts's: the port as the
 * first line on stdout, and the end when stdin closes.
 */
import http from "node:http";

const MAX_BUFFERED_BYTES = 256 * 1024;
const HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
  connection: "keep-alive",
};

const streams = new Set<http.ServerResponse>();
let lastId = 0;

function publish(data: string): number {
  const id = ++lastId;
  const message = `id: ${id}\nevent: stock\ndata: ${data}\n\n`;
  for (const response of streams) {
    response.write(message);
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      streams.delete(response);
      response.destroy();
    }
  }
  return id;
}

const server = http.createServer((request, response) => {
  if (request.method === "GET" && request.url === "/api/stock/events") {
    response.writeHead(200, HEADERS);
    response.write(
      `retry: 2000\n\nid: ${lastId}\nevent: ready\ndata: {"lastEventId":${lastId}}\n\n`,
    );
    streams.add(response);
    response.once("close", () => streams.delete(response));
    return;
  }
  if (request.method === "POST" && request.url === "/publish") {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const id = publish(Buffer.concat(chunks).toString("utf8"));
      response.writeHead(200, { "content-type": "application/json" }).end(`{"id":${id}}`);
    });
    return;
  }
  response.writeHead(404).end();
});

const shutdown = () => {
  for (const response of streams) response.destroy();
  server.close();
  process.exit(0);
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
process.stdin.on("close", shutdown);
process.stdin.resume();
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("not a TCP address");
  process.stdout.write(`${address.port}\n`);
});
