import autocannon from "autocannon";
import { performance } from "node:perf_hooks";
import type { LoadSample } from "../support/load.ts";

/** One request a connection sends, again and again. */
export interface Target {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** How many responses came back with each status. */
export type StatusCounts = Map<number, number>;

export interface CountedSample extends LoadSample {
  /** For each target, in the order given: every response it got, by status. */
  statusCounts: StatusCounts[];
}

// Real autocannon 9 options that bench/support/autocannon.d.ts leaves out. Passing them as a
// variable of this type keeps them checked here without widening the shared declaration.
interface AutocannonRequest extends Target {
  /** Called with each response to this request, whatever its status. */
  onResponse: (status: number) => void;
}
interface CountedOptions {
  url: string;
  connections: number;
  timeout: number;
  /** Requests in all; the run ends once every one of them has been answered. */
  amount: number;
  requests: AutocannonRequest[];
  /** Called once per connection as it is created. */
  setupClient: (client: { setRequests(requests: AutocannonRequest[]): void }) => void;
  /** Milliseconds between autocannon's samples, which is also how soon it notices the end. */
  sampleInt: number;
}

/**
 * Sends exactly `amount` requests over `connections` keep-alive connections and waits for every
 * answer. The connections cycle through `targets`, each from a different starting point, so
 * load spreads across them. A timed run would cut the last requests off in flight, after the
 * server may already have acted on them. A fixed count leaves nothing unaccounted for, so the
 * status counts can be checked against the database.
 *
 * The sample covers the 2xx responses: their latencies, over the time from starting the run to
 * the last answer.
 */
export async function countedLoad(
  origin: string,
  targets: Target[],
  connections: number,
  amount: number,
): Promise<CountedSample> {
  const statusCounts: StatusCounts[] = targets.map(() => new Map());
  const requestsFor = (offset: number): AutocannonRequest[] =>
    targets.map((_target, index) => {
      const position = (index + offset) % targets.length;
      const counts = statusCounts[position]!;
      return {
        ...targets[position]!,
        onResponse: (status) => counts.set(status, (counts.get(status) ?? 0) + 1),
      };
    });
  let nextClient = 0;
  const options: CountedOptions = {
    url: origin,
    connections,
    timeout: 10,
    amount,
    requests: requestsFor(0),
    // Connection i starts i/connections of the way through the targets.
    setupClient: (client) =>
      client.setRequests(
        requestsFor(Math.floor((nextClient++ * targets.length) / connections) % targets.length),
      ),
    sampleInt: 50,
  };

  const latenciesMs: number[] = [];
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const instance = autocannon(options);
  instance.on("response", (_client, statusCode, _bytes, responseTimeMs) => {
    lastAnswerAt = performance.now();
    if (statusCode >= 200 && statusCode < 300) latenciesMs.push(responseTimeMs);
  });
  const result = await instance;
  // After a connection error or a timeout autocannon reconnects and moves on: whether the
  // server acted on the lost request is unknown, so the counts could no longer be checked.
  if (result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${origin}: ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  const answered = statusCounts.reduce(
    (total, counts) => total + [...counts.values()].reduce((sum, count) => sum + count, 0),
    0,
  );
  if (answered !== amount) throw new Error(`${origin}: ${answered} answers to ${amount} requests`);
  return { latenciesMs, durationSeconds: (lastAnswerAt - startedAt) / 1000, statusCounts };
}

/** The number of responses with `status`, over all targets. */
export function countOf(statusCounts: StatusCounts[], status: number): number {
  return statusCounts.reduce((total, counts) => total + (counts.get(status) ?? 0), 0);
}

/** "200 × 9,800, 409 × 3": every status seen, for error messages. */
export function describeStatuses(statusCounts: StatusCounts[]): string {
  const merged = new Map<number, number>();
  for (const counts of statusCounts) {
    for (const [status, count] of counts) merged.set(status, (merged.get(status) ?? 0) + count);
  }
  return [...merged]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status} × ${count.toLocaleString("en-US")}`)
    .join(", ");
}
