import { LEDGER_POSITION_HEADER } from "@ultimate-bikes/contract/ledger-position";
import type { FastifyBaseLogger, FastifyServerFactory } from "fastify";
import http, {
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from "node:http";
import type { ServerTimeouts } from "../config.ts";
import type { StockVersion } from "../db/stock-version.ts";
import { ifNoneMatchHolds } from "./entity-tags.ts";
import { createReadCacheStore, type ReadCacheLimits } from "./read-cache-store.ts";

/** A stored read as the whole pipeline sent it: its headers and its (maybe compressed) bytes. */
export interface SentAnswer {
  body: Buffer;
  /** Every header the pipeline set, the exact Content-Length among them. */
  headers: OutgoingHttpHeaders;
  /** The same, without what describes a body: the answer to a matching If-None-Match. */
  notModifiedHeaders: OutgoingHttpHeaders;
  etag: string;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Headers that describe a body, which a 304 has none of (RFC 9110 section 15.4.5). The ledger
 * position describes the data in it: the client's copy keeps the one it came with.
 */
const BODY_HEADERS = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  LEDGER_POSITION_HEADER,
]);

/** Compressed pages are a few KB each; the same bounds as the read cache's own memory. */
const DEFAULT_LIMITS: ReadCacheLimits = { maxEntries: 2000, maxBytes: 32 * 1024 * 1024 };

/**
 * Whether the pipeline's answer to this request can stand for every later request with the same
 * key. Only what decides the bytes and headers of a stored read may vary between such requests:
 * the URL and Accept-Encoding (in the key). An Origin brings CORS headers that depend on it, and
 * X-No-Compression turns compression off: both go through the pipeline every time.
 */
export function doorKeyOf(request: IncomingMessage): string | undefined {
  const { headers } = request;
  if (request.method !== "GET" || headers.origin !== undefined) return undefined;
  if (headers["x-no-compression"] !== undefined) return undefined;
  return `${headers["accept-encoding"] ?? ""}\n${request.url}`;
}

/**
 * The stored-answer door (docs/decisions/018): a cached read (plugins/read-cache.ts) answered
 * from the HTTP server's request event, before Fastify builds its request and reply and runs its
 * hooks, with the headers and bytes the pipeline sent the first time. It still reads the stock
 * version on every request, so a read after any write, by any server sharing the database, is as
 * fresh as through the pipeline; anything it does not hold goes to Fastify.
 */
export function createStoredAnswerDoor(limits: ReadCacheLimits = DEFAULT_LIMITS) {
  const answers = createReadCacheStore<SentAnswer>(limits);
  let opened:
    { stockVersion: StockVersion; log: FastifyBaseLogger; logsRequests: boolean } | undefined;

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    answer: SentAnswer,
    started: number,
  ) {
    const notModified = ifNoneMatchHolds(request.headers["if-none-match"], answer.etag);
    if (notModified) {
      response.writeHead(304, answer.notModifiedHeaders);
      response.end();
    } else {
      response.writeHead(200, answer.headers);
      response.end(answer.body);
    }
    if (opened?.logsRequests) {
      opened.log.info(
        {
          req: { method: request.method, url: request.url },
          res: { statusCode: response.statusCode },
          responseTime: performance.now() - started,
          storedAnswer: true,
        },
        "request completed",
      );
    }
  }

  interface Waiting {
    request: IncomingMessage;
    response: ServerResponse;
    pipeline: Handler;
    key: string;
    started: number;
  }
  /** The requests of this turn of the event loop, waiting for the version read after it. */
  let waiting: Waiting[] = [];

  function answerAt(
    version: number | undefined,
    { request, response, pipeline, key, started }: Waiting,
  ) {
    const answer = version === undefined ? undefined : answers.get(key, version);
    if (answer) send(request, response, answer, started);
    else pipeline(request, response);
  }

  /**
   * One version read for every request that arrived in this turn of the event loop. It runs once
   * they have all been read from their sockets, so it counts every write committed before any of
   * them arrived: each answer is as fresh as a read of its own would make it. On SQLite that read
   * was a third of a stored answer's cost.
   */
  function readVersionForWaiting() {
    const batch = waiting;
    waiting = [];
    let version: number | Promise<number>;
    try {
      version = opened!.stockVersion.current();
    } catch {
      // The database is failing: the pipeline answers that (503) in the API's error shape.
      for (const request of batch) answerAt(undefined, request);
      return;
    }
    if (typeof version === "number") {
      for (const request of batch) answerAt(version, request);
      return;
    }
    version.then(
      (known) => batch.forEach((request) => answerAt(known, request)),
      () => batch.forEach((request) => answerAt(undefined, request)),
    );
  }

  /** Answers from the door, or hands the request to Fastify. */
  function serve(request: IncomingMessage, response: ServerResponse, pipeline: Handler) {
    const key = opened && doorKeyOf(request);
    // A URL never kept costs no version read: most requests the door does not hold.
    if (!opened || key === undefined || !answers.has(key)) return pipeline(request, response);
    if (waiting.length === 0) setImmediate(readVersionForWaiting);
    const started = opened.logsRequests ? performance.now() : 0;
    waiting.push({ request, response, pipeline, key, started });
  }

  return {
    serve,

    /** Starts answering, once the stock version can be read (after the migrations). */
    open(stockVersion: StockVersion, log: FastifyBaseLogger) {
      // The level is fixed at start (LOG_LEVEL); Fastify logs each request at info.
      const logsRequests = ["info", "debug", "trace"].includes(log.level);
      opened = { stockVersion, log, logsRequests };
    },

    /** Keeps what the pipeline sent for `key`, read at `version`. */
    keep(
      key: string,
      version: number,
      sent: { body: Buffer; headers: OutgoingHttpHeaders; etag: string },
    ) {
      const headers = { ...sent.headers, "content-length": sent.body.length };
      const notModifiedHeaders = Object.fromEntries(
        Object.entries(headers).filter(([name]) => !BODY_HEADERS.has(name)),
      );
      answers.set(key, version, { ...sent, headers, notModifiedHeaders });
    },

    /** A change signal's version: older answers go now, not at the next read. */
    moveTo: answers.moveTo,
  };
}

export type StoredAnswerDoor = ReturnType<typeof createStoredAnswerDoor>;

/**
 * The HTTP server, with the door in front of Fastify's request handler and the timeouts a slow
 * client is held to (config.ts, ServerTimeouts): a request trickled a byte at a time is cut
 * (408) once requestMs has passed.
 */
export function serverWithDoor(
  door: StoredAnswerDoor,
  timeouts: ServerTimeouts,
): FastifyServerFactory {
  return (handler) => {
    const server = http.createServer(
      {
        requestTimeout: timeouts.requestMs,
        headersTimeout: timeouts.headersMs,
        keepAliveTimeout: timeouts.keepAliveMs,
        connectionsCheckingInterval: timeouts.checkEveryMs,
      },
      (request, response) => door.serve(request, response, handler),
    );
    server.setTimeout(timeouts.idleMs);
    return server;
  };
}
