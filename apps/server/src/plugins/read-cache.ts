import { LEDGER_POSITION_HEADER } from "@ultimate-bikes/contract/ledger-position";
import type {
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  RouteOptions,
} from "fastify";
import fp from "fastify-plugin";
import type { OutgoingHttpHeaders } from "node:http";
import type { StockChanges } from "../db/stock-changes.ts";
import type { StockVersion } from "../db/stock-version.ts";
import { etagOf, ifNoneMatchHolds } from "./entity-tags.ts";
import { createReadCacheStore, ownBytes, type ReadCacheLimits } from "./read-cache-store.ts";
import { doorKeyOf, type StoredAnswerDoor } from "./stored-answer-door.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Serve this GET from the read cache (plugins/read-cache.ts). Only for answers that depend
     * on the URL and the stock alone; an answer for which the route identified the caller
     * (`request.user` or `request.tokenEmail` set) is never stored.
     */
    readCache?: boolean;
  }
}

/** Enough for every page and filter people are looking at, at a few MB of JSON. */
const DEFAULT_LIMITS: ReadCacheLimits = { maxEntries: 2000, maxBytes: 32 * 1024 * 1024 };

/** Browsers keep the answer but ask each time, and a 304 costs one tiny query. */
const REVALIDATE = "no-cache";

interface Miss {
  key: string;
  version: number;
  etag: string;
}

const toArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

function revalidated(reply: FastifyReply, etag: string) {
  return reply.header("etag", etag).header("cache-control", REVALIDATE);
}

/**
 * The serialized answers of the routes that opt in (`config: { readCache: true }`), kept per
 * stock version (docs/decisions/010). Each request reads the current version (db/stock-version.ts),
 * so a read after any write by any server sharing the database is fresh. The version is read
 * before the route reads the stock, so stored bytes are never older than their version. The
 * change signal of live stock (docs/decisions/011) drops stale answers as soon as it arrives.
 * What the whole pipeline then sends (compressed, with every header) is handed to the
 * stored-answer door, which answers the next such request before Fastify (docs/decisions/018).
 * Register it after @fastify/compress, so that its last onSend hook runs after compression.
 */
export const readCachePlugin = fp(
  async (
    app,
    {
      stockVersion,
      changes,
      door,
      limits = DEFAULT_LIMITS,
    }: {
      stockVersion: StockVersion;
      changes: StockChanges;
      door: StoredAnswerDoor;
      limits?: ReadCacheLimits;
    },
  ) => {
    const store = createReadCacheStore(limits);
    door.open(stockVersion, app.log);
    const stopListening = changes.subscribe((version) => {
      if (version === undefined) return;
      store.moveTo(version);
      door.moveTo(version);
    });
    app.addHook("onClose", async () => stopListening());
    const misses = new WeakMap<FastifyRequest, Miss>();
    /** Requests answered with a stored answer's bytes, or whose answer was just stored. */
    const forTheDoor = new WeakMap<FastifyRequest, { version: number; etag: string }>();

    /** A stored answer, or a miss noted for keepServed. */
    function answer(request: FastifyRequest, reply: FastifyReply, version: number) {
      const key = request.url;
      const stored = store.get(key, version);
      if (!stored) {
        misses.set(request, { key, version, etag: etagOf(version, key) });
        return false;
      }
      forTheDoor.set(request, { version, etag: stored.etag });
      revalidated(reply, stored.etag);
      if (ifNoneMatchHolds(request.headers["if-none-match"], stored.etag)) {
        reply.code(304).send();
        return true;
      }
      // The position read with the stored data (plugins/ledger-position.ts), not a newer one.
      if (stored.ledgerPosition !== undefined) {
        reply.header(LEDGER_POSITION_HEADER, stored.ledgerPosition);
      }
      reply.type(stored.contentType).send(stored.body);
      return true;
    }

    // Callback hooks, not async ones: on SQLite a stored answer goes out without waiting on a
    // promise, which is most of what a cached read costs beyond the bare server.
    const serveStored: onRequestHookHandler = function (request, reply, done) {
      if (request.method !== "GET") return done();
      const version = stockVersion.current();
      if (typeof version === "number") {
        if (!answer(request, reply, version)) done();
        return;
      }
      version.then((known) => {
        if (!answer(request, reply, known)) done();
      }, done);
    };

    const keepServed: onSendHookHandler = function (request, reply, payload, done) {
      const miss = misses.get(request);
      const identified = request.user !== null || request.tokenEmail !== null;
      if (!miss || identified || reply.statusCode !== 200 || typeof payload !== "string") {
        return done(null, payload);
      }
      const position = reply.getHeader(LEDGER_POSITION_HEADER);
      store.set(miss.key, miss.version, {
        body: ownBytes(payload),
        contentType: String(reply.getHeader("content-type")),
        etag: miss.etag,
        ledgerPosition: position === undefined ? undefined : String(position),
      });
      forTheDoor.set(request, miss);
      revalidated(reply, miss.etag);
      if (!ifNoneMatchHolds(request.headers["if-none-match"], miss.etag))
        return done(null, payload);
      // The client's copy keeps the position it came with: this one was read with other bytes.
      reply.removeHeader(LEDGER_POSITION_HEADER);
      reply.code(304);
      done(null, null);
    };

    /** The last onSend hook: the answer as it will go out, for the door. */
    const handOver: onSendHookHandler = function (request, reply, payload, done) {
      const key = doorKeyOf(request.raw);
      const served = forTheDoor.get(request);
      const bytes = typeof payload === "string" || Buffer.isBuffer(payload);
      if (key !== undefined && served && reply.statusCode === 200 && bytes) {
        const headers = reply.getHeaders() as OutgoingHttpHeaders;
        door.keep(key, served.version, { body: ownBytes(payload), headers, etag: served.etag });
      }
      done(null, payload);
    };

    app.addHook("onRoute", (route: RouteOptions) => {
      if (!route.config?.readCache) return;
      // After the route's own onRequest hooks (a sign-in check stays first); keepServed before
      // every other onSend hook, so it sees the serialized bytes before compression does, and
      // handOver after them all (compression registers its hooks before this plugin).
      route.onRequest = [...toArray(route.onRequest), serveStored];
      route.onSend = [keepServed, ...toArray(route.onSend), handOver];
    });
  },
  { name: "read-cache" },
);
