import { LEDGER_POSITION_HEADER } from "@ultimate-bikes/contract/ledger-position";
import type { FastifyBaseLogger, FastifyServerFactory } from "fastify";
import http, {
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from "node:http";
import type { ServerTimeouts } from "../config.ts";
import type { StockVersion } from "../db/stock-version.ts";
import { createAnswerStore, type AnswerStore, type SentAnswer } from "./answer-store.ts";
import { ifNoneMatchHolds } from "./entity-tags.ts";
import { REQUEST_ID_HEADER, type RequestIdOf } from "./request-ids.ts";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Told of each answer the door sends, which Fastify's hooks never see (metrics/app-metrics.ts). */
export type DoorAnswered = (route: string, status: number, seconds: number) => void;

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

/**
 * What the pipeline varies on without always saying so: @fastify/compress names Accept-Encoding
 * in Vary only when the request sent one, so a plain answer would otherwise reach a browser.
 */
const VARIES_UNSAID = ["accept-encoding"];

/**
 * Whether the pipeline's answer to this request may stand for a later request of the same URL
 * whose headers named by the answer's Vary are the same (answer-store.ts): only a GET, and not
 * one with X-No-Compression, which turns compression off without being named in Vary.
 */
export function doorKeyOf(request: IncomingMessage): string | undefined {
  if (request.method !== "GET" || request.headers["x-no-compression"] !== undefined)
    return undefined;
  return request.url;
}

/**
 * The stored-answer door (docs/decisions/018): a cached read (plugins/read-cache.ts) answered
 * from the HTTP server's request event, before Fastify builds its request and reply and runs its
 * hooks, with the headers and bytes the pipeline sent the first time. It still reads the stock
 * version on every request, so a read after any write, by any server sharing the database, is as
 * fresh as through the pipeline; anything it does not hold goes to Fastify.
 */
export function createStoredAnswerDoor({
  requestIdOf,
  answers = createAnswerStore(),
  answered,
}: {
  requestIdOf: RequestIdOf;
  answers?: AnswerStore;
  answered?: DoorAnswered;
}) {
  let opened:
    { stockVersion: StockVersion; log: FastifyBaseLogger; logsRequests: boolean } | undefined;
  /** Shutting down: answers still on their way close their connection after them. */
  let closing = false;

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    answer: SentAnswer,
    started: number,
  ) {
    const notModified = ifNoneMatchHolds(request.headers["if-none-match"], answer.etag);
    if (closing) response.shouldKeepAlive = false;
    const requestId = requestIdOf(request);
    if (notModified) {
      response.writeHead(304, { ...answer.notModifiedHeaders, [REQUEST_ID_HEADER]: requestId });
      response.end();
    } else {
      response.writeHead(200, { ...answer.headers, [REQUEST_ID_HEADER]: requestId });
      response.end(answer.body);
    }
    answered?.(answer.route, response.statusCode, (performance.now() - started) / 1000);
    if (opened?.logsRequests) {
      opened.log.info(
        {
          reqId: requestId,
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
    const answer = version === undefined ? undefined : answers.sent(key, version, request.headers);
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
    const key = opened && !closing ? doorKeyOf(request) : undefined;
    // A URL never kept costs no version read: most requests the door does not hold.
    if (!opened || key === undefined || !answers.has(key)) return pipeline(request, response);
    if (waiting.length === 0) setImmediate(readVersionForWaiting);
    const started = opened.logsRequests || answered ? performance.now() : 0;
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

    /**
     * Stops answering, as the server shuts down: Fastify answers every request from now on and
     * marks it `Connection: close`, so a proxy does not send another on that connection.
     */
    close() {
      closing = true;
    },

    /**
     * Keeps what the pipeline sent for `key` to `request`, read at `version`, by the route that
     * made it (`/api/bikes/:id`).
     */
    keep(
      key: string,
      version: number,
      request: IncomingMessage,
      sent: { body: Buffer; headers: OutgoingHttpHeaders; etag: string; route: string },
    ) {
      // Each answer has an id of its own (send gives it). Filtered, not deleted: an object
      // something was deleted from is slower to copy and to write out on every answer.
      const headers = Object.fromEntries(
        Object.entries({ ...sent.headers, "content-length": sent.body.length }).filter(
          ([name]) => name !== REQUEST_ID_HEADER,
        ),
      );
      const notModifiedHeaders = Object.fromEntries(
        Object.entries(headers).filter(([name]) => !BODY_HEADERS.has(name)),
      );
      answers.keepSent(
        key,
        version,
        request.headers,
        { ...sent, headers, notModifiedHeaders },
        VARIES_UNSAID,
      );
    },

    /** The one memory of stored answers, which the read cache shares (plugins/read-cache.ts). */
    answers,
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
