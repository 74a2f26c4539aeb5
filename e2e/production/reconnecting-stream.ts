import {
  STOCK_EVENT,
  STOCK_READY_EVENT,
  STOCK_RESET_EVENT,
} from "@ultimate-bikes/contract/stock-events";
import { openEventStream, type EventStream } from "@ultimate-bikes/test-support/sse-client";
import { setTimeout as sleep } from "node:timers/promises";

/** What EventSource waits before reconnecting when the server named no `retry:`. */
const DEFAULT_RETRY_MS = 3000;

/** One live stock stream as a browser's EventSource keeps it, across reconnections. */
export interface ReconnectingStream {
  /** The ledger position the stream went live at, from its first `ready` event. */
  readonly startId: number;
  /** The id of every `stock` event received, in the order received, across connections. */
  readonly ids: readonly number[];
  /** Connections opened, the first included. */
  readonly connections: number;
  /** Connections that ended other than by close(): cleanly by the server, or cut. */
  readonly endings: { clean: number; cut: number };
  /** Anything a browser's user would notice: a refused connection, a reset, an error status. */
  readonly failures: readonly string[];
  close(): void;
}

/**
 * Opens `url` and keeps it open as EventSource does (WHATWG HTML 9.2): when a connection ends,
 * it waits the stream's `retry:` time and reconnects with the last event id seen as
 * `Last-Event-ID`, so the server replays what was missed. Resolves once the first connection is
 * live (its `ready` event arrived). Unlike EventSource it also reconnects after an error status,
 * so that one bad answer is counted without ending the measurement.
 */
export async function openReconnectingStream(url: string): Promise<ReconnectingStream> {
  const ids: number[] = [];
  const failures: string[] = [];
  const endings = { clean: 0, cut: 0 };
  let connections = 0;
  let closed = false;
  let current: EventStream | undefined;
  let lastEventId: string | undefined;
  let retryMs = DEFAULT_RETRY_MS;
  let live: (startId: number) => void = () => {};
  let startId: number | undefined;
  const firstReady = new Promise<number>((resolve) => (live = resolve));

  /** Reads one connection until it ends. */
  async function follow(stream: EventStream) {
    for (;;) {
      let event;
      try {
        event = await stream.next(undefined, 60_000);
      } catch (error) {
        if (closed) return;
        const reason = (error as Error).message;
        if (reason.includes("the server ended the stream")) endings.clean++;
        else if (stream.ended) endings.cut++;
        else failures.push(`a stream heard nothing for 60 s: ${reason}`);
        stream.close();
        return;
      }
      if (stream.lastEventId) lastEventId = stream.lastEventId;
      if (event.retry !== undefined) retryMs = event.retry;
      if (stream.retry !== undefined) retryMs = stream.retry;
      if (event.event === STOCK_EVENT) ids.push(Number(event.id));
      else if (event.event === STOCK_RESET_EVENT) failures.push(`reset after ${lastEventId}`);
      else if (event.event === STOCK_READY_EVENT && startId === undefined) {
        startId = Number(event.id);
        live(startId);
      }
    }
  }

  async function keepOpen() {
    while (!closed) {
      connections++;
      try {
        current = await openEventStream(url, { lastEventId, connectTimeoutMs: 15_000 });
        if (current.status !== 200) {
          failures.push(`the stream was answered ${current.status}`);
          current.close();
        } else {
          await follow(current);
        }
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        failures.push(`connecting failed: ${cause ?? (error as Error).message}`);
      }
      if (!closed) await sleep(retryMs);
    }
  }
  void keepOpen();

  let timer: NodeJS.Timeout | undefined;
  const tooLate = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      closed = true;
      current?.close();
      reject(new Error(`${url}: not live within 15 s (${failures.join("; ")})`));
    }, 15_000);
  });
  const first = await Promise.race([firstReady, tooLate]).finally(() => clearTimeout(timer));
  return {
    startId: first,
    ids,
    get connections() {
      return connections;
    },
    endings,
    failures,
    close() {
      closed = true;
      current?.close();
    },
  };
}
