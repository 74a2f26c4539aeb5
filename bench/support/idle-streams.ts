/**
 * Child process of bench/lib/idle-streams-bench.ts: holds many `GET /api/stock/events` streams
 * that only read, as idle browser tabs would, each on its own socket bound to one of several
 * loopback addresses, so the server sees that many clients. Past each stream's `ready` it reads
 * into one shared buffer and looks at nothing: its work per event is the socket read alone, so the
 * clients, which share the machine's cores with the server here, take as little from it as they
 * can. It ends when the parent goes (its IPC channel closes), however the parent ends.
 */
import net from "node:net";
import type { IdleCommand, IdleReport } from "../lib/idle-streams-bench.ts";

const streams = new Set<net.Socket>();
/** Streams the server ended while they were held: none should be (no reader here stalls). */
let endedByServer = 0;
let closing = false;
/** Every socket reads into this; what it held is gone by the next read. */
const readBuffer = Buffer.alloc(64 * 1024);

const report = (message: IdleReport) => process.send!(message);

/**
 * Asks for the stream from `localAddress`. Resolves with the answer's status: for a 200 once
 * `ready` has come (the stream is then held, unless `keep` is false), otherwise at once.
 */
function open(url: string, localAddress: string, keep: boolean): Promise<number> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    let head = "";
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    const socket = net.connect({
      host: hostname,
      port: Number(port),
      localAddress,
      onread: {
        buffer: readBuffer,
        callback: (bytes) => {
          if (settled) return true;
          head += readBuffer.toString("latin1", 0, bytes);
          const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
          if (status === undefined) return true;
          if (status !== "200" || !keep) {
            socket.destroy();
            settle(() => resolve(Number(status)));
          } else if (head.includes("event: ready")) {
            streams.add(socket);
            settle(() => resolve(200));
          }
          return true;
        },
      },
    });
    socket.on("connect", () =>
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`,
      ),
    );
    socket.on("error", (error) => settle(() => reject(error)));
    socket.on("close", () => {
      if (streams.delete(socket) && !closing) endedByServer++;
      settle(() => reject(new Error(`${url}: closed before it was ready`)));
    });
  });
}

/** `perAddress` streams from each address, a few at a time (a burst would overflow the backlog). */
async function openAll(url: string, addresses: string[], perAddress: number) {
  const wanted = addresses.flatMap((address) => Array<string>(perAddress).fill(address));
  const atOnce = 50;
  for (let first = 0; first < wanted.length; first += atOnce) {
    const statuses = await Promise.all(
      wanted.slice(first, first + atOnce).map((address) => open(url, address, true)),
    );
    const refused = statuses.find((status) => status !== 200);
    if (refused !== undefined) throw new Error(`a stream was answered ${refused}`);
  }
}

function closeAll() {
  closing = true;
  for (const socket of streams) socket.destroy();
  streams.clear();
  closing = false;
}

const failed = (error: unknown) =>
  report({ type: "failed", message: error instanceof Error ? error.message : String(error) });

process.on("message", (command: IdleCommand) => {
  if (command.type === "open") {
    endedByServer = 0;
    openAll(command.url, command.addresses, command.perAddress).then(
      () => report({ type: "opened", open: streams.size }),
      failed,
    );
  } else if (command.type === "probe") {
    open(command.url, command.address, false).then(
      (status) => report({ type: "probed", status }),
      failed,
    );
  } else {
    const ended = endedByServer;
    closeAll();
    report({ type: "closed", endedByServer: ended });
  }
});

process.on("disconnect", () => {
  closeAll();
  process.exit(0);
});
