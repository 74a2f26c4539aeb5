import helmet from "helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";

/** Where bike photos, slides and illustrations are served from (apps/web/public/images). */
const IMAGES_PATH = "/images/";

/**
 * react-toastify's ToastContainer puts its stylesheet into a <style> element at run time (the web
 * app loads the same file as CSS too). The CSP allows exactly that text by its hash, taken from
 * the installed package, rather than any inline style. Undefined when the package is not there.
 */
export function toastifyStyleHash(): string | undefined {
  try {
    const file = createRequire(import.meta.url).resolve("react-toastify/dist/ReactToastify.css");
    return `'sha256-${createHash("sha256").update(readFileSync(file)).digest("base64")}'`;
  } catch {
    return undefined;
  }
}

/**
 * The Content-Security-Policy of every answer (docs/decisions/013). The web app and Swagger UI
 * load only their own scripts, styles and connections, with no inline script (Vite's build inlines
 * none) and no inline style but toastify's. Images are the exception: a bike's photo may be any
 * https:// URL (the add form's "photo url"), and the map on Home shows OpenStreetMap's tiles;
 * data: URLs are Bootstrap's and Leaflet's icons.
 */
export function contentSecurityPolicy(publicUrl: string, styleHashes: string[] = []) {
  return {
    useDefaults: false,
    directives: {
      "default-src": ["'self'"],
      "base-uri": ["'self'"],
      "connect-src": ["'self'"],
      "font-src": ["'self'", "data:"],
      "form-action": ["'self'"],
      // No other site may frame ours: clickjacking a Delivered or Delete button.
      "frame-ancestors": ["'none'"],
      // Photos come as absolute URLs on PUBLIC_URL, which a page reached by another name of
      // this server (127.0.0.1 for localhost, a proxy's address) does not count as 'self'
      // (and on a plain http install is not covered by https:). An image cannot run code, so
      // any https: host may serve one; scripts, styles, frames and connections stay our own.
      "img-src": ["'self'", new URL(publicUrl).origin, "data:", "https:"],
      "object-src": ["'none'"],
      "script-src": ["'self'"],
      "script-src-attr": ["'none'"],
      "style-src": ["'self'", ...styleHashes],
      // Only behind https: on plain http it would send the browser to a port nobody serves.
      ...(publicUrl.startsWith("https:") ? { "upgrade-insecure-requests": [] } : {}),
    },
  };
}

/** The headers a Connect-style middleware sets on an answer, found by running it once. */
function headersSetBy(
  middleware: (
    request: IncomingMessage,
    response: ServerResponse,
    next: (error?: unknown) => void,
  ) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every answer (helmet): the CSP above, nosniff, no framing, a referrer that
 * tells other hosts our origin only, and HSTS when the site is served over https. helmet works
 * them out once, at start: they depend on the configuration only, and working them out on each
 * request (as @fastify/helmet does) took a tenth of a cached read (docs/performance.md).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { publicUrl }: { publicUrl: string }) => {
    const https = publicUrl.startsWith("https:");
    const headers = headersSetBy(
      helmet({
        contentSecurityPolicy: contentSecurityPolicy(
          publicUrl,
          [toastifyStyleHash()].filter((hash) => hash !== undefined),
        ),
        // The tile servers ask for a Referer (their usage policy); the origin alone is enough
        // and keeps paths (a reset link's token) to ourselves.
        referrerPolicy: { policy: "strict-origin-when-cross-origin" },
        xFrameOptions: { action: "deny" },
        strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
        // Sign-in with Google or GitHub runs in a popup that reports back to its opener. Any
        // Cross-Origin-Opener-Policy, even same-origin-allow-popups, cuts that link once the
        // popup comes back from the provider to our page, so none is sent.
        crossOriginOpenerPolicy: false,
        // Our answers are ours to read only (Spectre), except the photos: see below.
        crossOriginResourcePolicy: { policy: "same-origin" },
      }),
    );
    // The API answers photos as absolute URLs so another origin can show them: it may embed them.
    const photoHeaders = { ...headers, "cross-origin-resource-policy": "cross-origin" };
    // A callback hook: it runs on every request, and an async one costs a promise each time.
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(request.url.startsWith(IMAGES_PATH) ? photoHeaders : headers);
      done();
    });
  },
  { name: "security-headers" },
);
