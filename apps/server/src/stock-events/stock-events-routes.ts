import { STOCK_EVENTS_PATH, stockEventsQuerySchema } from "@ultimate-bikes/contract/stock-events";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServerResponse } from "node:http";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses as errors, sendError } from "../plugins/errors.ts";
import { EVENT_STREAM_HEADERS } from "./server-sent-events.ts";
import type { ResumePoint, StockEventHub } from "./stock-event-hub.ts";

/** How soon a client refused for lack of room should try again (another instance may have it). */
const FULL_RETRY_AFTER_SECONDS = 5;
/**
 * How soon a client at its own limit should try again: only one of its own streams closing frees
 * a place, and the web app's reconnections back off to 30 s anyway.
 */
const CLIENT_LIMIT_RETRY_AFTER_SECONDS = 30;

/**
 * EventSource sends the id of the last event it got as this header when it reconnects. It cannot
 * be corrected by the client, so one that is not an id means "start over" (a reset), not a 400.
 */
function resumeFromHeader(header: string | string[] | undefined): ResumePoint {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^\d{1,15}$/.test(value.trim()) ? Number(value) : "unknown";
}

function refuse(reply: FastifyReply, status: 429 | 503, retryAfterSeconds: number, why: string) {
  reply.header("retry-after", String(retryAfterSeconds));
  return sendError(reply, status, why);
}

/**
 * Lets go of the reply: Fastify will not serialize, compress or finish it, nor add the headers
 * its hooks set on the reply. So those (the security headers) go onto the response itself, and
 * any origin may read the stream (public stock, no cookies: plugins/cors.ts).
 */
function takeOver(reply: FastifyReply): ServerResponse {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.raw.setHeader("access-control-allow-origin", "*");
  reply.hijack();
  return reply.raw;
}

/** Live stock: every movement of the ledger as it commits, on any instance (docs/decisions/011). */
export async function stockEventsRoutes(app: FastifyInstance, { hub }: { hub: StockEventHub }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    STOCK_EVENTS_PATH,
    {
      schema: {
        tags: ["stock"],
        summary:
          "Server-Sent Events of every stock change (text/event-stream); resume with Last-Event-ID or lastEventId",
        description:
          "Each client address may hold a limited number of open streams (EVENT_STREAMS_PER_CLIENT, " +
          "20 by default): past it, 429 with Retry-After. A full server answers 503 with Retry-After.",
        querystring: stockEventsQuerySchema,
        response: errors(400, 429, 503),
      },
    },
    async (request, reply) => {
      // Fastify routes HEAD here too (exposeHeadRoutes). It gets the stream's headers and no
      // body, at once; it holds no stream, so it takes no place and counts against no limit.
      if (request.method === "HEAD") {
        takeOver(reply).writeHead(200, EVENT_STREAM_HEADERS).end();
        return;
      }
      const refusal = hub.refusal(request.ip);
      if (refusal === "server full") {
        const why = "Too many live stock streams on this server; try again soon";
        return refuse(reply, 503, FULL_RETRY_AFTER_SECONDS, why);
      }
      if (refusal === "client limit") {
        const why = "Too many live stock streams from this address; close one first";
        return refuse(reply, 429, CLIENT_LIMIT_RETRY_AFTER_SECONDS, why);
      }
      // The header wins: an EventSource made with ?lastEventId= keeps that URL, and when it
      // reconnects by itself it sends a newer id in the header.
      const resumeFrom =
        resumeFromHeader(request.headers["last-event-id"]) ?? request.query.lastEventId;
      // The server's idle timeout is for requests; a stream is idle between heartbeats by design,
      // and the hub drops a client that stops reading (stock-event-hub.ts).
      request.raw.socket.setTimeout(0);
      await hub.connect(takeOver(reply), resumeFrom, request.ip);
    },
  );
}
