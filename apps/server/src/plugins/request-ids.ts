import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { BlockList, isIPv6 } from "node:net";
import fp from "fastify-plugin";
import type { AppConfig } from "../config.ts";

/** Answered on every answer, and what a proxy in front sends to name the request it forwards. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * An id a proxy may hand us: what nginx's `$request_id` (32 hex digits), a UUID or a load
 * balancer's trace id look like, and nothing that could break a log line or grow without end.
 */
const SANE_ID = /^[\w.:=+/-]{1,128}$/;

/** Whether a connection from `address` comes from a proxy TRUST_PROXY names. */
function proxyTrust(setting: AppConfig["trustProxy"]): (address: string | undefined) => boolean {
  if (setting === false) return () => false;
  // A hop count trusts whoever is connected: the nearest hop is always one of the proxies.
  if (typeof setting === "number") return () => true;
  const proxies = new BlockList();
  for (const entry of setting) {
    const [address = "", prefix] = entry.split("/");
    const family = isIPv6(address) ? "ipv6" : "ipv4";
    if (prefix === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    if (address === undefined) return false;
    // An IPv4 peer on a dual-stack socket shows as ::ffff:a.b.c.d.
    const bare = address.startsWith("::ffff:") ? address.slice(7) : address;
    return proxies.check(bare, isIPv6(bare) ? "ipv6" : "ipv4");
  };
}

/**
 * A request's id, made by whatever answers it (Fastify's `genReqId`, or the stored-answer door),
 * which logs it and answers it as X-Request-Id: the id a trusted proxy sent, when TRUST_PROXY is
 * on and the id is sane, else a new UUID, unique across instances. It goes out with the rest of
 * the answer's headers: one set on the response beforehand would send Node's `writeHead` down its
 * slow path, which checks every other header again.
 */
export function createRequestIds(trustProxy: AppConfig["trustProxy"]) {
  const trusted = proxyTrust(trustProxy);
  return (request: IncomingMessage): string => {
    const sent = request.headers[REQUEST_ID_HEADER];
    if (typeof sent === "string" && SANE_ID.test(sent) && trusted(request.socket.remoteAddress)) {
      return sent;
    }
    return randomUUID();
  };
}

export type RequestIdOf = ReturnType<typeof createRequestIds>;

/** Answers each request's id on whatever Fastify answers it with, errors and 404s included. */
export const requestIdPlugin = fp(
  async (app) => {
    app.addHook("onRequest", function (request, reply, done) {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: "request-ids" },
);
