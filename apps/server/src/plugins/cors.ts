import cors, { type FastifyCorsOptions } from "@fastify/cors";
import { LEDGER_POSITION_HEADER } from "@ultimate-bikes/contract/ledger-position";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** The headers a page of a listed origin may send: the bearer token and a JSON body. */
const TRUSTED_HEADERS = ["Authorization", "Content-Type", "If-Match", "Last-Event-ID"];
const TRUSTED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
/**
 * Answer headers a page of another origin may read beyond the safelisted ones: where a stock
 * read stands in the ledger, to open the live stream from there (plugins/ledger-position.ts).
 */
const EXPOSED_HEADERS = [LEDGER_POSITION_HEADER];
/** How long a browser may keep a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE = 600;

/** The answer to a read from any origin (docs/decisions/013). */
const PUBLIC_READS: FastifyCorsOptions = {
  origin: "*",
  methods: ["GET", "HEAD"],
  // EventSource may send Last-Event-ID when it reconnects; nothing else, no Authorization.
  allowedHeaders: ["Last-Event-ID"],
  exposedHeaders: EXPOSED_HEADERS,
  maxAge: PREFLIGHT_MAX_AGE,
};

/** What the browser means to do: the preflight's announced method, or the request's own. */
const intendedMethod = (request: FastifyRequest) =>
  request.method === "OPTIONS"
    ? String(request.headers["access-control-request-method"] ?? "").toUpperCase()
    : request.method;

/**
 * CORS for the API; register it inside the /api scope (docs/decisions/013):
 * - every origin may read: GET and HEAD answer `Access-Control-Allow-Origin: *`, which browsers
 *   never combine with cookies, so no signed-in answer can leak to another site;
 * - a page of an origin in CORS_ORIGINS may also send the bearer token (Authorization) and write,
 *   without cookies (no Allow-Credentials);
 * - anything else gets no CORS headers: a cookie write stays same-origin (requireUser also refuses
 *   a foreign Origin), and better-auth's own routes keep to its trusted origins.
 * The live stock stream is hijacked, so its route sets its own header (stock-events-routes.ts).
 */
export const corsPlugin = fp(
  async (app: FastifyInstance, { trustedOrigins }: { trustedOrigins: readonly string[] }) => {
    const trusted = new Set(trustedOrigins);
    await app.register(cors, {
      hideOptionsRoute: true,
      delegator: (request, callback) => {
        const origin = request.headers.origin;
        const isAuthRoute = /^\/api\/auth(\/|$)/.test(request.url);
        if (!origin || isAuthRoute) return callback(null, { origin: false });
        if (trusted.has(origin)) {
          return callback(null, {
            origin,
            methods: TRUSTED_METHODS,
            allowedHeaders: TRUSTED_HEADERS,
            exposedHeaders: EXPOSED_HEADERS,
            maxAge: PREFLIGHT_MAX_AGE,
          });
        }
        const method = intendedMethod(request);
        callback(null, method === "GET" || method === "HEAD" ? PUBLIC_READS : { origin: false });
      },
    });
  },
  { name: "cors" },
);
