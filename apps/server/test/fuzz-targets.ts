import { AUTH_BASE_PATH } from "@ultimate-bikes/contract/paths";
import type { FastifyBaseLogger, FastifyInstance, HTTPMethods } from "fastify";
import { createAuth } from "../src/auth/auth.ts";
import type { AppConfig } from "../src/config.ts";
import type { AppDatabase } from "../src/db/database.ts";
import { createMailer } from "../src/mail/mailer.ts";
import { inputShapeOf, type FuzzTarget } from "./bad-requests.ts";
import { routesOf } from "./route-table.ts";

/**
 * What the attack tests aim at, read from the app itself: every route it registered, with
 * better-auth's catch-all opened up into the endpoints better-auth really has, and every method
 * a path has no route for.
 */
export interface FuzzTargets {
  /** Our own JSON API. */
  readonly api: FuzzTarget[];
  /** better-auth's endpoints under /api/auth, and unknown paths there. */
  readonly auth: FuzzTarget[];
  /** The web app's files, the API reference, and methods no route answers. */
  readonly rest: FuzzTarget[];
}

const FUZZED_METHODS: readonly HTTPMethods[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const AUTH_CATCH_ALL = `${AUTH_BASE_PATH}/*`;

interface AuthEndpoint {
  path?: string;
  options?: { method?: string | string[]; body?: unknown; query?: unknown };
}

/**
 * better-auth's endpoints as this app configures them: an auth instance made the way buildApp
 * makes its own, never called. Server-only endpoints have no path.
 */
function authTargets(config: AppConfig, database: AppDatabase, log: FastifyBaseLogger) {
  const auth = createAuth(config, database, createMailer(config.mail, log));
  return Object.values(auth.api as Record<string, AuthEndpoint>).flatMap((endpoint) => {
    if (!endpoint.path) return [];
    const methods = [endpoint.options?.method ?? "GET"].flat() as HTTPMethods[];
    return methods
      .filter((method) => method === "GET" || method === "POST")
      .map((method): FuzzTarget => ({
        method,
        path: `${AUTH_BASE_PATH}${endpoint.path}`,
        body: inputShapeOf(endpoint.options?.body),
        query: inputShapeOf(endpoint.options?.query),
      }));
  });
}

export function fuzzTargetsOf(
  app: FastifyInstance,
  config: AppConfig,
  database: AppDatabase,
): FuzzTargets {
  // HEAD answers as GET does, without a body: fuzzing GET covers it.
  const routes = routesOf(app).filter((route) => route.method !== "HEAD");
  const targets: FuzzTargets = { api: [], auth: [], rest: [] };
  for (const route of routes) {
    const target: FuzzTarget = {
      method: route.method,
      path: route.url,
      body: inputShapeOf(route.schema?.body),
      query: inputShapeOf(route.schema?.querystring),
    };
    if (route.url === AUTH_CATCH_ALL) targets.auth.push(target);
    else if (route.url.startsWith("/api/") && !route.url.startsWith("/api/docs")) {
      targets.api.push(target);
    } else targets.rest.push(target);
  }
  targets.auth.push(...authTargets(config, database, app.log));

  for (const path of new Set(routes.map((route) => route.url))) {
    for (const method of FUZZED_METHODS) {
      if (routes.some((route) => route.url === path && route.method === method)) continue;
      targets.rest.push({ method, path, body: undefined, query: undefined });
    }
  }
  return targets;
}
