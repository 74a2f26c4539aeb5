import type { FastifyInstance } from "fastify";
import type { Readiness } from "../health/readiness.ts";
import type { StoredAnswerDoor } from "./stored-answer-door.ts";

/**
 * Makes `app.close()` a restart nobody notices behind a load balancer (docs/decisions/028).
 * Register it before every other preClose hook: Fastify closes the listening socket only after
 * all of them, and until then new connections would be taken (and, closing, refused with 503).
 *
 * 1. Readiness turns false, and the listening socket closes: a new connection is refused, which a
 *    proxy takes as "try another instance".
 * 2. Idle kept-alive connections are closed now; one busy with a request is closed as soon as its
 *    answer is sent (requests that arrive on it meanwhile are answered `Connection: close`).
 * 3. The live stock streams are told to reconnect (to another instance, from Last-Event-ID) and
 *    ended.
 * 4. It waits until every connection has closed; the other preClose hooks (background workers)
 *    and then the onClose ones (the database) follow.
 */
export function closeGracefully(
  app: FastifyInstance,
  {
    readiness,
    door,
    endStreams,
  }: { readiness: Readiness; door: StoredAnswerDoor; endStreams: () => void },
) {
  let draining = false;
  // One boolean test per answer; while draining, it closes the connection the answer leaves idle.
  app.addHook("onResponse", async () => {
    if (draining) app.server.closeIdleConnections();
  });
  app.addHook("preClose", async () => {
    readiness.stopping();
    door.close();
    draining = true;
    // A server that never listened (an app driven through inject in tests) has nothing to drain.
    const closed = app.server.listening
      ? new Promise<void>((resolve) => app.server.close(() => resolve()))
      : Promise.resolve();
    endStreams();
    // Fastify calls close() again after the preClose hooks; the server, closed by then, says so
    // and Fastify carries on.
    await closed;
  });
}
