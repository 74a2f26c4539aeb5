import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { nowMs } from "../support/live-clock.ts";
import { stillRunning } from "../support/watchdog.ts";

/** One write request: a stock change on the app, a publish on the bare fan-out. */
export interface Write {
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface WriteAnswer {
  status: number;
  body: string;
}

export interface Writer {
  post(write: Write): Promise<WriteAnswer>;
  close(): void;
}

/**
 * POSTs over keep-alive connections with `node:http` (lighter than fetch, so the writer's own
 * cost stays small beside the servers'), up to `connections` at once.
 */
export function createWriter(origin: string, connections: number): Writer {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(origin);
  return {
    post({ path, headers = {}, body }) {
      return new Promise((resolve, reject) => {
        const request = http.request(
          {
            agent,
            hostname,
            port,
            method: "POST",
            path,
            headers: body === undefined ? headers : { ...headers, "content-length": body.length },
            timeout: 10_000,
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => {
              stillRunning();
              resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
            });
            response.on("error", reject);
          },
        );
        request.on("timeout", () => request.destroy(new Error(`POST ${path} timed out`)));
        request.on("error", reject);
        request.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

/** A stretch of writes at a fixed rate. */
export interface PacedRun {
  /** Writes sent (all of them answered). */
  sent: number;
  /** The rate the writes actually went out at: below the target when the answers lagged. */
  sentPerSecond: number;
  /** Answers per second, from the first send to the last answer. */
  answeredPerSecond: number;
  /** Answers by status. */
  statuses: Map<number, number>;
  /** When the last write went out and when the last answer came (live-clock.ts). */
  lastSentAtMs: number;
  lastAnsweredAtMs: number;
}

/**
 * Sends `rate × seconds` writes on a fixed schedule (open loop: the k-th goes at k/rate s, not
 * after an answer), with up to `inFlight` waiting for an answer at once. When that many wait, the
 * schedule slips: the server is not keeping up, and `sentPerSecond` shows by how much.
 */
export async function pacedWrites(
  writer: Writer,
  rate: number,
  seconds: number,
  inFlight: number,
  writeNumber: (index: number) => Write,
): Promise<PacedRun> {
  const total = Math.max(1, Math.round(rate * seconds));
  const statuses = new Map<number, number>();
  const startedAt = nowMs();
  let sent = 0;
  let waiting = 0;
  let failure: unknown;
  let allAnswered: () => void = () => {};
  const answered = new Promise<void>((resolve) => (allAnswered = resolve));
  let answeredCount = 0;
  const send = (index: number) => {
    waiting++;
    writer
      .post(writeNumber(index))
      .then(
        ({ status }) => statuses.set(status, (statuses.get(status) ?? 0) + 1),
        (error: unknown) => (failure ??= error),
      )
      .finally(() => {
        waiting--;
        if (++answeredCount === total) allAnswered();
      });
  };
  while (sent < total) {
    const due = Math.min(total, Math.floor(((nowMs() - startedAt) / 1000) * rate) + 1);
    while (sent < due && waiting < inFlight) send(sent++);
    if (failure) break;
    await sleep(1);
  }
  const lastSentAt = nowMs();
  if (!failure) await answered;
  if (failure) throw failure;
  const lastAnsweredAt = nowMs();
  const sendSeconds = (lastSentAt - startedAt) / 1000 + 1 / rate;
  return {
    sent: total,
    sentPerSecond: total / sendSeconds,
    answeredPerSecond: total / ((lastAnsweredAt - startedAt) / 1000),
    statuses,
    lastSentAtMs: lastSentAt,
    lastAnsweredAtMs: lastAnsweredAt,
  };
}
