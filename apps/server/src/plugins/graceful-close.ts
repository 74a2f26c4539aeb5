import type { FastifyInstance } from "fastify";
import net from "node:net";
import type { Readiness } from "../health/readiness.ts";
import type { StoredAnswerDoor } from "./stored-answer-door.ts";

/**
 * Makes `app.close()` a restart nobody notices behind a load balancer (docs/decisions/028 and
 * 030). Register it before every other preClose hook: Fastify closes the listening socket only
 * after all of them, and until then new connections would be taken (and, closing, refused with
 * 503).
 *
 * 1. Readiness turns false, and the listening socket closes: a new connection is refused, which a
 *    proxy takes as "try another instance".
 * 2. Every answer from now on says `Connection: close` and closes its connection after it, the
 *    answers to requests already in flight included. An idle kept-alive connection is left to
 *    its client for `closingIdleMs`, then closed (see below why not at once).
 * 3. The live stock streams are told to reconnect (to another instance, from Last-Event-ID) and
 *    ended.
 * 4. It waits until every connection has closed; the other preClose hooks (background workers)
 *    and then the onClose ones (the database) follow.
 *
 * Not `server.close()`: since Node 19 it also closes the idle kept-alive connections at once,
 * which races with a request the client (nginx) may be writing on one at that moment. That
 * request fails after it was sent, and nginx does not retry a POST elsewhere then. nginx closes
 * its idle connections to an instance after 4 s (deploy/nginx), race-free, well before
 * `closingIdleMs`.
 */
export function closeGracefully(
  app: FastifyInstance,
  {
    readiness,
    door,
    endStreams,
    closingIdleMs,
  }: {
    readiness: Readiness;
    door: StoredAnswerDoor;
    endStreams: () => void;
    /** How long an idle kept-alive connection is left to its client (ServerTimeouts). */
    closingIdleMs: number;
  },
) {
  let draining = false;
  let closingIdle = false;
  // Fastify says `Connection: close` only on requests that arrive once it is closing.
  app.addHook("onSend", async (_request, reply) => {
    if (draining) reply.header("connection", "close");
  });
  // Past the wait, a connection is closed as soon as it is idle.
  app.addHook("onResponse", async () => {
    if (closingIdle) app.server.closeIdleConnections();
  });

  app.addHook("preClose", async () => {
    readiness.stopping();
    door.close();
    draining = true;
    // A server that never listened (an app driven through inject in tests) has nothing to drain.
    const closed = app.server.listening
      ? new Promise<void>((resolve) => {
          const server = app.server;
          const wait = setTimeout(() => {
            closingIdle = true;
            server.closeIdleConnections();
          }, closingIdleMs);
          wait.unref();
          net.Server.prototype.close.call(server, () => {
            clearTimeout(wait);
            resolve();
          });
        })
      : Promise.resolve();
    endStreams();
    // Fastify calls close() again after the preClose hooks; the server, closed by then, says so
    // and Fastify carries on.
    await closed;
  });
}
