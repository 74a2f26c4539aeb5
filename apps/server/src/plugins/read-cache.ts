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
import type { Database } from "../db/schema.ts";
import type { StockVersion } from "../db/stock-version.ts";
import { routeLabel } from "../metrics/app-metrics.ts";
import { etagOf, ifNoneMatchHolds } from "./entity-tags.ts";
import { ownBytes } from "./answer-store.ts";
import { doorKeyOf, type StoredAnswerDoor } from "./stored-answer-door.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Serve this GET from the read cache (plugins/read-cache.ts). Only for answers that depend
     * on the URL and the stock alone; an answer for which the route identified the caller
     * (`request.user` or `request.tokenEmail` set) is never stored.
     */
    readCache?: CachedRead;
  }
  interface FastifyInstance {
    /** Each cached route ("GET /api/bikes/:id") and the tables it declared it reads. */
    cachedReads: ReadonlyMap<string, readonly VersionedTable[]>;
  }
}

/** A table of the schema; a cached route may read it only once it moves the stock version. */
export type VersionedTable = keyof Database;

/**
 * How a route opts into the read cache. A stored answer is served until the stock version moves,
 * and only database triggers move it (docs/decisions/010). So, to cache a route:
 * 1. list in `tables` every table whose rows decide its answer (an index derived from one of
 *    them, as SQLite's `bike_search` is from `bike`, needs no entry);
 * 2. give each listed table that has none yet a trigger that moves the version on every insert,
 *    update and delete, on both databases, in the same migration that starts reading it
 *    (migration 004 shows how for `bike`);
 * 3. run `plugins/cached-read-tables.api.test.ts`: it fails while any listed table lacks one,
 *    and asks how to write a row of a table it has not seen.
 * An answer that reads a table without such a trigger would be served stale, and nothing else
 * would fail.
 */
export interface CachedRead {
  tables: readonly VersionedTable[];
}

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
 * The serialized answers of the routes that opt in (`config: { readCache: { tables } }`), kept per
 * stock version (docs/decisions/010). Each request reads the current version (db/stock-version.ts),
 * so a read after any write by any server sharing the database is fresh. The version is read
 * before the route reads the stock, so stored bytes are never older than their version. The
 * change signal of live stock (docs/decisions/011) drops stale answers as soon as it arrives.
 * Both are kept in the door's answer store (answer-store.ts), one memory with one set of rules.
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
    }: {
      stockVersion: StockVersion;
      changes: StockChanges;
      door: StoredAnswerDoor;
    },
  ) => {
    // One memory for the pipeline's answers and the door's (docs/decisions/025).
    const store = door.answers;
    door.open(stockVersion, app.log);
    const cachedReads = new Map<string, readonly VersionedTable[]>();
    app.decorate("cachedReads", cachedReads);
    const stopListening = changes.subscribe((version) => {
      if (version !== undefined) store.moveTo(version);
    });
    app.addHook("onClose", async () => stopListening());
    const misses = new WeakMap<FastifyRequest, Miss>();
    /** Requests answered with a stored answer's bytes, or whose answer was just stored. */
    const forTheDoor = new WeakMap<FastifyRequest, { version: number; etag: string }>();

    /** A stored answer, or a miss noted for keepServed. */
    function answer(request: FastifyRequest, reply: FastifyReply, version: number) {
      const key = request.url;
      const stored = store.serialized(key, version);
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
      store.keepSerialized(miss.key, miss.version, {
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
        door.keep(key, served.version, request.raw, {
          body: ownBytes(payload),
          headers,
          etag: served.etag,
          route: routeLabel(request),
        });
      }
      done(null, payload);
    };

    app.addHook("onRoute", (route: RouteOptions) => {
      const cached = route.config?.readCache;
      if (!cached) return;
      // Fastify adds a HEAD route beside each GET; the cache answers the GET.
      if (toArray(route.method).includes("GET")) cachedReads.set(`GET ${route.url}`, cached.tables);
      // After the route's own onRequest hooks (a sign-in check stays first); keepServed before
      // every other onSend hook, so it sees the serialized bytes before compression does, and
      // handOver after them all (compression registers its hooks before this plugin).
      route.onRequest = [...toArray(route.onRequest), serveStored];
      route.onSend = [keepServed, ...toArray(route.onSend), handOver];
    });
  },
  { name: "read-cache" },
);
