import autocannon from "autocannon";

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  /** Measured seconds per server and endpoint, split over the rounds. */
  durationSeconds: number;
  rounds: number;
}

/** One stretch of load on one URL: the latency of every 2xx response, and how long it ran. */
export interface LoadSample {
  latenciesMs: number[];
  durationSeconds: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
}

/**
 * Loads one URL with autocannon for a fixed time. Latencies are taken from its per-response
 * timings rather than its histogram, which rounds to whole milliseconds: too coarse for
 * sub-millisecond loopback requests.
 */
export async function sampleLoad(
  url: string,
  connections: number,
  seconds: number,
): Promise<LoadSample> {
  const latenciesMs: number[] = [];
  const instance = autocannon({ url, connections, duration: seconds, timeout: 10 });
  instance.on("response", (_client, statusCode, _bytes, responseTimeMs) => {
    if (statusCode >= 200 && statusCode < 300) latenciesMs.push(responseTimeMs);
  });
  const result = await instance;
  // A figure built on errors or 404s would measure the wrong thing, so it is no figure at all.
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    const { errors, timeouts, non2xx } = result;
    throw new Error(`${url}: ${errors} errors, ${timeouts} timeouts, ${non2xx} non-2xx responses`);
  }
  if (latenciesMs.length === 0) throw new Error(`${url}: no responses`);
  return { latenciesMs, durationSeconds: result.duration };
}

/** Throughput and p99 over several samples taken as one. */
export function summarize(samples: LoadSample[]): LoadFigures {
  const latenciesMs = samples.flatMap((sample) => sample.latenciesMs);
  const seconds = samples.reduce((total, sample) => total + sample.durationSeconds, 0);
  return { requestsPerSecond: latenciesMs.length / seconds, p99Ms: percentile(latenciesMs, 0.99) };
}

/** Nearest-rank percentile. */
export function percentile(values: number[], fraction: number): number {
  const sorted = Float64Array.from(values).sort();
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}
