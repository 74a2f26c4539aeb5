import autocannon from "autocannon";

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  responses: number;
}

/**
 * Warms the server up, then loads one URL for a fixed time and measures it. Latencies are taken
 * from autocannon's per-response timings rather than its histogram, which rounds to whole
 * milliseconds: too coarse for sub-millisecond loopback requests.
 */
export async function measureLoad(url: string, settings: LoadSettings): Promise<LoadFigures> {
  await runLoad(url, settings.connections, settings.warmupSeconds);
  return runLoad(url, settings.connections, settings.durationSeconds);
}

async function runLoad(url: string, connections: number, seconds: number): Promise<LoadFigures> {
  const latenciesMs: number[] = [];
  const instance = autocannon({ url, connections, duration: seconds, timeout: 10 });
  instance.on("response", (_client, statusCode, _bytes, responseTimeMs) => {
    if (statusCode >= 200 && statusCode < 300) latenciesMs.push(responseTimeMs);
  });
  const result = await instance;
  // A figure built on errors or 404s would measure the wrong thing, so it is no figure at all.
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx responses`,
    );
  }
  if (latenciesMs.length === 0) throw new Error(`${url}: no responses`);
  return {
    requestsPerSecond: latenciesMs.length / result.duration,
    p99Ms: percentile(latenciesMs, 0.99),
    responses: latenciesMs.length,
  };
}

/** Nearest-rank percentile. */
export function percentile(values: number[], fraction: number): number {
  const sorted = Float64Array.from(values).sort();
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}
