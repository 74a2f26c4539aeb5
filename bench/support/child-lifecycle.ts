import type { FastifyInstance } from "fastify";

/**
 * The child side of child-server.ts: listens on a loopback port (a free one unless given) and
 * prints it as the first line on stdout. Closes the server on SIGTERM/SIGINT, and also when stdin
 * closes: the parent holds our stdin open, so a crashed or killed benchmark never leaves a server
 * running behind it.
 */
export async function serveUntilParentGoes(app: FastifyInstance, port = 0): Promise<void> {
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    try {
      await app.close();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  process.stdin.on("close", shutdown);
  process.stdin.resume();
  await app.listen({ host: "127.0.0.1", port });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("not a TCP address");
  process.stdout.write(`${address.port}\n`);
}
