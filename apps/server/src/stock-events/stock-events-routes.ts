import { STOCK_EVENTS_PATH, stockEventsQuerySchema } from "@ultimate-bikes/contract/stock-events";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses as errors, sendError } from "../plugins/errors.ts";
import type { ResumePoint, StockEventHub } from "./stock-event-hub.ts";

/** How soon a client refused for lack of room should try again (another instance may have it). */
const FULL_RETRY_AFTER_SECONDS = 5;

/**
 * EventSource sends the id of the last event it got as this header when it reconnects. It cannot
 * be corrected by the client, so one that is not an id means "start over" (a reset), not a 400.
 */
function resumeFromHeader(header: string | string[] | undefined): ResumePoint {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^\d{1,15}$/.test(value.trim()) ? Number(value) : "unknown";
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
        querystring: stockEventsQuerySchema,
        response: errors(400, 503),
      },
    },
    async (request, reply) => {
      if (hub.full) {
        reply.header("retry-after", String(FULL_RETRY_AFTER_SECONDS));
        return sendError(reply, 503, "Too many live stock streams on this server; try again soon");
      }
      // The header wins: an EventSource made with ?lastEventId= keeps that URL, and when it
      // reconnects by itself it sends a newer id in the header.
      const resumeFrom =
        resumeFromHeader(request.headers["last-event-id"]) ?? request.query.lastEventId;
      // The stream outlives this handler: Fastify lets go of the response (no serializer, no
      // compression, none of the headers hooks set on the reply) and the hub writes to it until
      // the client leaves. So the security headers go onto the response itself, and any origin
      // may read the stream (public stock, no cookies: plugins/cors.ts).
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.raw.setHeader("access-control-allow-origin", "*");
      // The server's idle timeout is for requests; a stream is idle between heartbeats by design,
      // and the hub drops a client that stops reading (stock-event-hub.ts).
      request.raw.socket.setTimeout(0);
      reply.hijack();
      await hub.connect(reply.raw, resumeFrom);
    },
  );
}
