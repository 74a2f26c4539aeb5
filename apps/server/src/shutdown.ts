import type { FastifyInstance } from "fastify";

/**
 * How long a shutdown may take before the process exits anyway. A request must have arrived
 * within 10 s (ServerTimeouts.requestMs) and our slowest requests take a few seconds more, so 20 s
 * lets every one in flight finish; it is under Kubernetes' default 30 s grace and systemd's 90 s
 * TimeoutStopSec, so the process ends by itself (and logs why) before either kills it.
 */
export const SHUTDOWN_GRACE_MS = 20_000;

const SIGNALS: NodeJS.Signals[] = ["SIGTERM", "SIGINT"];

/**
 * On SIGTERM or SIGINT, closes the app gracefully (plugins/graceful-close.ts) and exits: 0 once
 * everything is closed, 1 if that failed or took longer than SHUTDOWN_GRACE_MS. A second signal changes
 * nothing: the shutdown under way goes on, still bounded.
 */
export function closeOnSignals(app: FastifyInstance) {
  const graceMs = SHUTDOWN_GRACE_MS;
  const exit = (code: number) => process.exit(code);
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.info({ signal }, "already shutting down");
      return;
    }
    closing = true;
    app.log.info({ signal, graceMs }, "shutting down");
    const deadline = setTimeout(() => {
      app.log.error({ graceMs }, "shutdown took too long; exiting anyway");
      exit(1);
    }, graceMs);
    // The deadline alone must not keep the process up once everything else has closed.
    deadline.unref();
    app.close().then(
      () => {
        app.log.info("shut down");
        exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, "shutting down failed");
        exit(1);
      },
    );
  };
  for (const signal of SIGNALS) process.on(signal, shutdown);
}
