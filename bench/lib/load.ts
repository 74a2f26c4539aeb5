import autocannon, { type AutocannonInstance, type AutocannonRequest } from "autocannon";
import { performance } from "node:perf_hooks";
import { stillRunning } from "../support/watchdog.ts";

/** One stretch of load: the latency of every 2xx response, and how long it ran. */
export interface LoadSample {
  latenciesMs: number[];
  durationSeconds: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
}

/** One request a connection sends, again and again. */
export type Target = Omit<AutocannonRequest, "onResponse">;

/** How many responses came back with each status. */
export type StatusCounts = Map<number, number>;

export interface CountedSample extends LoadSample {
  /** For each target, in the order given: every response it got, by status. */
  statusCounts: StatusCounts[];
}

const sumOf = (values: Iterable<number>) => [...values].reduce((sum, value) => sum + value, 0);

/**
 * Latencies are taken from each response's own timing rather than autocannon's histogram, which
 * rounds to whole milliseconds: too coarse for sub-millisecond loopback requests.
 */
function collect2xxLatencies(instance: AutocannonInstance): { latenciesMs: number[] } {
  const collected = { latenciesMs: [] as number[] };
  instance.on("response", (_client, statusCode, _bytes, responseTimeMs) => {
    stillRunning();
    if (statusCode >= 200 && statusCode < 300) collected.latenciesMs.push(responseTimeMs);
  });
  return collected;
}

/** Loads one URL for a fixed time; anything but a 2xx answer aborts the run. */
export async function timedLoad(
  url: string,
  connections: number,
  seconds: number,
): Promise<LoadSample> {
  const instance = autocannon({ url, connections, duration: seconds, timeout: 10 });
  const { latenciesMs } = collect2xxLatencies(instance);
  const result = await instance;
  // A figure built on errors or 404s would measure the wrong thing, so it is no figure at all.
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    const { errors, timeouts, non2xx } = result;
    throw new Error(`${url}: ${errors} errors, ${timeouts} timeouts, ${non2xx} non-2xx responses`);
  }
  if (latenciesMs.length === 0) throw new Error(`${url}: no responses`);
  return { latenciesMs, durationSeconds: result.duration };
}

/**
 * Sends exactly `amount` requests over `connections` keep-alive connections and waits for every
 * answer. A timed run would cut the last requests off in flight, after the server may already
 * have acted on them; a fixed count leaves nothing unaccounted for, so the status counts can be
 * checked against the stock. The connections cycle through `targets`, each from a different
 * starting point, so load spreads across them. The figures cover the 2xx responses, over the
 * time from the start to the last answer.
 */
export async function countedLoad(
  origin: string,
  targets: Target[],
  connections: number,
  amount: number,
): Promise<CountedSample> {
  const statusCounts: StatusCounts[] = targets.map(() => new Map());
  const requestsFrom = (offset: number): AutocannonRequest[] =>
    targets.map((_target, index) => {
      const position = (index + offset) % targets.length;
      const counts = statusCounts[position]!;
      return {
        ...targets[position]!,
        onResponse: (status) => counts.set(status, (counts.get(status) ?? 0) + 1),
      };
    });
  let nextClient = 0;
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const instance = autocannon({
    url: origin,
    connections,
    amount,
    timeout: 10,
    requests: requestsFrom(0),
    // Connection i starts i/connections of the way through the targets.
    setupClient: (client) =>
      client.setRequests(requestsFrom(Math.floor((nextClient++ * targets.length) / connections))),
    sampleInt: 50,
  });
  instance.on("response", () => (lastAnswerAt = performance.now()));
  const { latenciesMs } = collect2xxLatencies(instance);
  const result = await instance;
  // After a connection error or a timeout autocannon reconnects and moves on: whether the
  // server acted on the lost request is unknown, so the counts could no longer be checked.
  if (result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${origin}: ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  const answered = statusCounts.reduce((total, counts) => total + sumOf(counts.values()), 0);
  if (answered !== amount) throw new Error(`${origin}: ${answered} answers to ${amount} requests`);
  return { latenciesMs, durationSeconds: (lastAnswerAt - startedAt) / 1000, statusCounts };
}

export function addCounts(into: StatusCounts, from: StatusCounts): void {
  for (const [status, count] of from) into.set(status, (into.get(status) ?? 0) + count);
}

/** The number of responses with `status`, over all targets. */
export function countOf(statusCounts: StatusCounts[], status: number): number {
  return sumOf(statusCounts.map((counts) => counts.get(status) ?? 0));
}

/** "200 × 9,800, 409 × 3": every status seen, for error messages. */
export function describeStatuses(statusCounts: StatusCounts[]): string {
  const merged: StatusCounts = new Map();
  for (const counts of statusCounts) addCounts(merged, counts);
  return [...merged]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status} × ${count.toLocaleString("en-US")}`)
    .join(", ");
}

/** Throughput and p99 over several samples taken as one. */
function summarize(samples: LoadSample[]): LoadFigures {
  const latenciesMs = samples.flatMap((sample) => sample.latenciesMs);
  const seconds = sumOf(samples.map((sample) => sample.durationSeconds));
  return { requestsPerSecond: latenciesMs.length / seconds, p99Ms: percentile(latenciesMs, 0.99) };
}

/** Nearest-rank percentile. */
export function percentile(values: number[], fraction: number): number {
  const sorted = Float64Array.from(values).sort();
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

/** A side measured against its baseline over alternating rounds. */
export interface Comparison {
  subject: LoadFigures;
  baseline: LoadFigures;
  /** subject/baseline per round: how far apart the rounds of this run were. */
  roundThroughputRatios: number[];
  roundP99Ratios: number[];
}

/**
 * Measures both sides `rounds` times, the baseline first in even rounds and the subject first in
 * odd ones, so load from other processes on a shared machine falls on both sides alike.
 */
export async function alternatingRounds(
  rounds: number,
  measureBaseline: () => Promise<LoadSample>,
  measureSubject: () => Promise<LoadSample>,
): Promise<Comparison> {
  const pairs: { subject: LoadSample; baseline: LoadSample }[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      const baseline = await measureBaseline();
      pairs.push({ baseline, subject: await measureSubject() });
    } else {
      const subject = await measureSubject();
      pairs.push({ subject, baseline: await measureBaseline() });
    }
  }
  const perRound = pairs.map((pair) => ({
    subject: summarize([pair.subject]),
    baseline: summarize([pair.baseline]),
  }));
  return {
    subject: summarize(pairs.map((pair) => pair.subject)),
    baseline: summarize(pairs.map((pair) => pair.baseline)),
    roundThroughputRatios: perRound.map(
      (round) => round.subject.requestsPerSecond / round.baseline.requestsPerSecond,
    ),
    roundP99Ratios: perRound.map((round) => round.subject.p99Ms / round.baseline.p99Ms),
  };
}
