import { writeFileSync } from "node:fs";
import path from "node:path";
import { childEnv } from "../support/child-env.ts";
import { startChildServer, type ChildServer } from "../support/child-server.ts";
import { alternatingRounds, timedLoad, type Comparison } from "./load.ts";
import type { BenchOptions, DatabaseTarget } from "./options.ts";

/**
 * The read benchmarks' method: the real app against a bare Fastify server that answers the same
 * URLs with the app's own bytes (its headers and body), from memory, both loaded one at a time in
 * alternating rounds.
 */

export type ReadLoadSettings = Pick<
  BenchOptions,
  "connections" | "warmupSeconds" | "durationSeconds" | "rounds"
>;

/** The app (subject) against the bare baseline on one endpoint. */
export interface EndpointComparison extends Comparison {
  database: DatabaseTarget["kind"];
  endpoint: string;
  bodyBytes: number;
}

/** What the baseline server answers for one URL, as stored in the file it is given. */
export interface FixedResponse {
  /** A Fastify route pattern, so the baseline pays for the same kind of routing as the app. */
  route: string;
  /** The path and query this answer is for: several URLs may share a route. */
  url: string;
  contentType: string;
  /** Every header of the app's answer but those of the connection (see `answerHeaders`). */
  headers: Record<string, string>;
  bodyBase64: string;
}

export interface ExactResponse {
  contentType: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers Node's HTTP server writes for each answer by itself, on either side. */
const CONNECTION_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
]);

/**
 * The headers of an answer as the app chose them: its security headers, ETag, Cache-Control,
 * Vary… The baseline sends them too, so both sides send the same bytes, headers included, and
 * the ratio measures the app's work rather than the size of its headers.
 */
function answerHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!CONNECTION_HEADERS.has(name)) headers[name] = value;
  });
  return headers;
}

export interface Endpoint {
  label: string;
  /** The URL path (and query) the load test requests. */
  path: string;
  route: string;
  response: ExactResponse;
}

const baselineScript = path.join(import.meta.dirname, "../support/serve-fixed-responses.ts");

/**
 * Starts the baseline with the app's answers to `endpoints`, checks it sends the same bytes, then
 * compares the two servers on each endpoint in turn. The baseline is stopped afterwards. With
 * `sharedQueryUrl` the baseline's answers each wait for a query shared per event-loop turn
 * (support/serve-fixed-responses.ts).
 */
export async function compareWithBaseline(
  database: DatabaseTarget["kind"],
  app: ChildServer,
  endpoints: Endpoint[],
  workDir: string,
  settings: ReadLoadSettings,
  progress: (message: string) => void,
  sharedQueryUrl?: string,
): Promise<EndpointComparison[]> {
  const responsesFile = path.join(workDir, "fixed-responses.json");
  const baseline = await startBaseline(endpoints, responsesFile, sharedQueryUrl);
  try {
    await assertSameBytes(baseline, endpoints);
    const comparisons: EndpointComparison[] = [];
    for (const endpoint of endpoints) {
      progress(`${database}: ${endpoint.label}`);
      comparisons.push({
        database,
        endpoint: endpoint.label,
        bodyBytes: endpoint.response.body.length,
        ...(await compareServers(endpoint.path, app, baseline, settings)),
      });
    }
    return comparisons;
  } finally {
    await baseline.stop();
  }
}

/** An endpoint of the app, with the exact bytes it answers now. */
export async function endpointOf(
  app: ChildServer,
  label: string,
  urlPath: string,
  route: string,
): Promise<Endpoint> {
  return { label, path: urlPath, route, response: await expectOk(app, urlPath) };
}

/** Warms both servers up, then loads them in alternating rounds. */
async function compareServers(
  urlPath: string,
  app: ChildServer,
  baseline: ChildServer,
  { connections, warmupSeconds, durationSeconds, rounds }: ReadLoadSettings,
): Promise<Comparison> {
  const load = (server: ChildServer, seconds: number) =>
    timedLoad(`${server.origin}${urlPath}`, connections, seconds);
  await load(baseline, warmupSeconds);
  await load(app, warmupSeconds);
  return alternatingRounds(
    rounds,
    () => load(baseline, durationSeconds / rounds),
    () => load(app, durationSeconds / rounds),
  );
}

/** The baseline, answering each endpoint's URL with the app's bytes for it. */
function startBaseline(
  endpoints: Endpoint[],
  responsesFile: string,
  sharedQueryUrl: string | undefined,
): Promise<ChildServer> {
  const stored: FixedResponse[] = endpoints.map(({ route, path: url, response }) => ({
    route,
    url,
    contentType: response.contentType,
    headers: response.headers,
    bodyBase64: response.body.toString("base64"),
  }));
  writeFileSync(responsesFile, JSON.stringify(stored));
  const env = childEnv({
    BENCH_FIXED_RESPONSES_FILE: responsesFile,
    ...(sharedQueryUrl ? { BENCH_BASELINE_DATABASE_URL: sharedQueryUrl } : {}),
  });
  return startChildServer(baselineScript, env, "baseline");
}

async function assertSameBytes(baseline: ChildServer, endpoints: Endpoint[]): Promise<void> {
  for (const { path: urlPath, response } of endpoints) {
    const copy = await expectOk(baseline, urlPath);
    const sameHeaders = Object.entries(response.headers).every(
      ([name, value]) => copy.headers[name] === value,
    );
    if (
      !copy.body.equals(response.body) ||
      copy.contentType !== response.contentType ||
      !sameHeaders
    ) {
      throw new Error(`the baseline does not answer GET ${urlPath} with the app's bytes`);
    }
  }
}

/**
 * The exact bytes a load test receives. autocannon asks for no encoding; fetch would ask for gzip
 * and hand back a decompressed copy, so it asks for none either.
 */
export async function expectOk(server: ChildServer, urlPath: string): Promise<ExactResponse> {
  const response = await fetch(new URL(urlPath, server.origin), {
    headers: { "accept-encoding": "identity" },
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 200) throw new Error(`GET ${urlPath} answered ${response.status}`);
  return {
    contentType: response.headers.get("content-type") ?? "",
    headers: answerHeaders(response),
    body: Buffer.from(await response.arrayBuffer()),
  };
}
