import { API_BASE_PATH } from "@ultimate-bikes/contract/paths";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { sendError } from "./errors.ts";
import { readScreenHints, screenPage } from "./first-visit-hints.ts";

/**
 * better-auth's session cookie (with its `__Secure-` prefix over HTTPS): whether the browser may
 * be signed in, as far as naming a guarded screen's first reads goes; the API checks it.
 */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * Serves the built web app from the same process as the API. Client routes fall back to
 * index.html; unknown /api paths stay JSON 404s.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const indexHtml = path.join(options.distDir, "index.html");
  const hasWebApp = existsSync(indexHtml);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      // Vite's build manifest (.vite/manifest.json) is for the benchmarks, not for visitors.
      dotfiles: "ignore",
      index: false,
      // The build writes a Brotli and a gzip copy of each text file (apps/web/vite.config.ts):
      // sent as they are, best-compressed and at no cost per request.
      preCompressed: true,
      // Only under their own names: a request for x.js may be answered with x.js.br.
      globIgnore: ["**/*.br", "**/*.gz"],
      // Our setHeaders decides caching, per file.
      cacheControl: false,
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every asset name, so those can be cached for good.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, "web app not built: serving the API only");
  }

  // A missing file (it has an extension) is a real 404, not a client route.
  const isFile = (pathname: string) => path.extname(pathname) !== "";
  const notFound = (request: FastifyRequest, reply: FastifyReply, pathname: string) =>
    sendError(reply, 404, `Route ${request.method} ${pathname} not found`);

  if (hasWebApp) {
    // The lazily loaded screens, each with the shell's HTML naming what it fetches first.
    const shellHtml = readFileSync(indexHtml, "utf8");
    for (const screen of readScreenHints(options.distDir)) {
      const page = screenPage(shellHtml, screen);
      app.get<{ Params: Record<string, string> }>(screen.path, async (request, reply) => {
        const [pathname = "/", query] = request.url.split("?");
        if (isFile(pathname)) return notFound(request, reply, pathname);
        const { reads, photoRead } = page.readsFor(
          request.params,
          query !== undefined,
          SESSION_COOKIE.test(request.headers.cookie ?? ""),
        );
        // The photo's URL is in the answer the page will read first: read it here too (from
        // the read cache, as a visitor), so the HTML names the photo as well.
        const answer = photoRead ? await app.inject({ method: "GET", url: photoRead }) : undefined;
        const photo = answer?.statusCode === 200 ? page.photoIn(answer.json()) : undefined;
        return reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-cache")
          .send(page.html(reads, photo));
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isApi = pathname === API_BASE_PATH || pathname.startsWith(`${API_BASE_PATH}/`);
    if (
      isApi ||
      isFile(pathname) ||
      !hasWebApp ||
      (request.method !== "GET" && request.method !== "HEAD")
    ) {
      return notFound(request, reply, pathname);
    }
    return reply.sendFile("index.html");
  });
});
