import { channel } from "node:diagnostics_channel";
import type { FastifyInstance, FastifySchema, HTTPMethods } from "fastify";

/**
 * Every route an app registers, as its `onRoute` hook sees them, so a test can visit them all
 * without a list to keep up to date. Fastify announces each new instance on the
 * `fastify.initialization` diagnostics channel before anything is registered on it; the hook is
 * added there, so no route is missed and buildApp needs no test seam. Import this module before
 * the app is built.
 */
export interface RouteEntry {
  readonly method: HTTPMethods;
  /** The pattern with its prefix, e.g. `/api/bikes/:id`. */
  readonly url: string;
  readonly schema: FastifySchema | undefined;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

channel("fastify.initialization").subscribe((message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  const routes: RouteEntry[] = [];
  tables.set(fastify, routes);
  fastify.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, schema: route.schema });
  });
});

/** The routes of an app built after this module was imported, in registration order. */
export function routesOf(app: FastifyInstance): readonly RouteEntry[] {
  const routes = tables.get(app);
  if (!routes) throw new Error("route-table.ts was imported after this app was built");
  return routes;
}
