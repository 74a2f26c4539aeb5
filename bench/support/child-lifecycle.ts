import type { AddressInfo } from "node:net";

/**
 * The child side of the protocol in child-server.ts: a benchmark server says on which port it
 * listens with one JSON line on stdout, and stops when asked or when its parent goes away.
 */
export interface ListeningMessage {
  listening: number;
}

export function announceListening(port: number): void {
  const message: ListeningMessage = { listening: port };
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

/**
 * Closes the server on SIGTERM/SIGINT, and also when stdin closes: the parent holds our stdin
 * open, so a crashed or killed benchmark never leaves a server running behind it.
 */
export function closeWithParent(close: () => Promise<void>): void {
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    try {
      await close();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  process.stdin.on("close", shutdown);
  process.stdin.resume();
}

export function listeningPort(address: AddressInfo | string | null): number {
  if (address === null || typeof address === "string") {
    throw new Error(`expected a TCP address, got ${String(address)}`);
  }
  return address.port;
}
