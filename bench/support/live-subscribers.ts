/**
 * Child process of bench/lib/live-subscriber-pool.ts: holds many Server-Sent Events streams, each
 * on its own socket, as many browser tabs would, and reports to the parent over IPC. It ends when
 * the parent goes (its IPC channel closes), however the parent ends.
 *
 * The parser is deliberately small: it reads the app's own wire format (LF line ends, one
 * `id:`/`event:`/`data:` block per message, `retry:` and `: keep-alive` blocks), splitting each
 * chunk on the blank line that ends a message, so a process can keep up with hundreds of streams.
 */
import http from "node:http";
import type { PoolCommand, PoolReport } from "../lib/live-subscriber-pool.ts";
import { nowMs } from "./live-clock.ts";

interface Stream {
  request: http.ClientRequest;
  /** Text after the last complete message. */
  pending: string;
  /** Stock events received. */
  received: number;
  ended: boolean;
}

const streams: Stream[] = [];
let open = 0;
let closed = 0;
let recording = false;
/** While recording: for each event id, when each stream's parser had it. */
const arrivals = new Map<number, { data: string; bytes: number; receivedAtMs: number[] }>();

const report = (message: PoolReport) => process.send!(message);

/** Sends every recorded event that all open streams now have, oldest first. */
function flushComplete() {
  for (const [id, arrival] of arrivals) {
    if (arrival.receivedAtMs.length < open) break;
    arrivals.delete(id);
    report({ type: "event", id, ...arrival });
  }
}

function onMessage(stream: Stream, block: string, at: number, ready: () => void) {
  // Blocks look like `id: 7\nevent: stock\ndata: {...}`; `retry:` and comments are skipped.
  if (!block.startsWith("id: ")) return;
  const idEnd = block.indexOf("\n");
  const eventEnd = block.indexOf("\n", idEnd + 1);
  const event = block.slice(idEnd + 1 + "event: ".length, eventEnd);
  if (event === "ready") return ready();
  if (event !== "stock") return;
  stream.received++;
  if (!recording) return;
  const id = Number(block.slice("id: ".length, idEnd));
  let arrival = arrivals.get(id);
  if (!arrival) {
    const data = block.slice(eventEnd + 1 + "data: ".length);
    arrival = { data, bytes: Buffer.byteLength(block) + 2, receivedAtMs: [] };
    arrivals.set(id, arrival);
  }
  arrival.receivedAtMs.push(at);
  if (arrival.receivedAtMs.length >= open) flushComplete();
}

/** Opens one stream; resolves once its `ready` event has arrived. */
function subscribe(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { accept: "text/event-stream" } });
    const stream: Stream = { request, pending: "", received: 0, ended: false };
    let live = false;
    const end = () => {
      if (stream.ended) return;
      stream.ended = true;
      if (!live) return reject(new Error(`${url}: the stream ended before it was ready`));
      open--;
      closed++;
      report({ type: "closed", total: closed });
      if (recording) flushComplete();
    };
    const ready = () => {
      if (live) return;
      live = true;
      open++;
      streams.push(stream);
      resolve();
    };
    request.on("error", end);
    request.on("close", end);
    request.on("response", (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return reject(new Error(`${url} answered ${response.statusCode}`));
      }
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        let text = stream.pending + chunk;
        const at = nowMs();
        let start = 0;
        for (let blank = text.indexOf("\n\n"); blank !== -1; blank = text.indexOf("\n\n", start)) {
          onMessage(stream, text.slice(start, blank), at, ready);
          start = blank + 2;
        }
        text = text.slice(start);
        stream.pending = text;
      });
      response.on("close", end);
    });
  });
}

async function connect(url: string, count: number) {
  // A few at a time: a burst of a thousand connects would overflow the server's accept queue.
  const atOnce = 50;
  for (let first = 0; first < count; first += atOnce) {
    const batch = Math.min(atOnce, count - first);
    await Promise.all(Array.from({ length: batch }, () => subscribe(url)));
  }
}

/** Answers once every open stream has `count` stock events, or when `timeoutMs` has passed. */
function awaitCount(request: number, count: number, timeoutMs: number) {
  const startedAt = nowMs();
  const behind = () => streams.filter((stream) => !stream.ended && stream.received < count).length;
  const check = () => {
    const left = behind();
    const waitedMs = nowMs() - startedAt;
    if (left === 0 || waitedMs >= timeoutMs) {
      report({ type: "awaited", request, behind: left, waitedMs });
      return;
    }
    setTimeout(check, 5);
  };
  check();
}

process.on("message", (command: PoolCommand) => {
  if (command.type === "connect") {
    connect(command.url, command.count).then(
      () => report({ type: "connected" }),
      (error: unknown) =>
        report({ type: "failed", message: error instanceof Error ? error.message : String(error) }),
    );
  } else if (command.type === "record") {
    recording = command.on;
    arrivals.clear();
  } else {
    awaitCount(command.request, command.count, command.timeoutMs);
  }
});

process.on("disconnect", () => {
  for (const stream of streams) stream.request.destroy();
  process.exit(0);
});
