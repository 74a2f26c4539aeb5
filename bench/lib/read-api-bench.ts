import { writeFileSync } from "node:fs";
import path from "node:path";
import { childEnv } from "../support/child-env.ts";
import { startChildServer, type ChildServer } from "../support/child-server.ts";
import { withAppServer } from "./app-server.ts";
import { alternatingRounds, timedLoad, type Comparison } from "./load.ts";
import type { BenchOptions, DatabaseTarget } from "./options.ts";

export type ReadApiSettings = Pick<
  BenchOptions,
  "connections" | "warmupSeconds" | "durationSeconds" | "rounds"
>;

/** The app (subject) against the bare baseline on one endpoint. */
export interface EndpointComparison extends Comparison {
  database: DatabaseTarget["kind"];
  endpoint: string;
  bodyBytes: number;
}

/** What the baseline server answers on one route, as stored in the file it is given. */
export interface FixedResponse {
  /** A Fastify route pattern, so the baseline pays for the same kind of routing as the app. */
  route: string;
  contentType: string;
  bodyBase64: string;
}

interface ExactResponse {
  contentType: string;
  body: Buffer;
}

interface Endpoint {
  label: string;
  /** The URL path the load test requests. */
  path: string;
  route: string;
  response: ExactResponse;
}

const baselineScript = path.join(import.meta.dirname, "../support/serve-fixed-responses.ts");

/**
 * For each database: the real app on freshly seeded stock, and a bare Fastify baseline serving
 * the app's own response bytes, each in its own process, loaded one at a time with the same
 * settings.
 */
export async function runReadApiBench(
  databases: DatabaseTarget[],
  settings: ReadApiSettings,
  progress: (message: string) => void,
): Promise<EndpointComparison[]> {
  const comparisons: EndpointComparison[] = [];
  for (const database of databases) {
    progress(`${database.kind}: starting the app (fresh, seeded database)`);
    await withAppServer(database, { SEED: "on" }, async (app, workDir) => {
      const endpoints = await readEndpoints(app);
      const baseline = await startBaseline(endpoints, path.join(workDir, "fixed-responses.json"));
      try {
        await assertSameBytes(baseline, endpoints);
        for (const endpoint of endpoints) {
          progress(`${database.kind}: ${endpoint.label}`);
          const comparison = await compareServers(endpoint.path, app, baseline, settings);
          comparisons.push({
            database: database.kind,
            endpoint: endpoint.label,
            bodyBytes: endpoint.response.body.length,
            ...comparison,
          });
        }
      } finally {
        await baseline.stop();
      }
    });
  }
  return comparisons;
}

/** Warms both servers up, then loads them in alternating rounds. */
async function compareServers(
  urlPath: string,
  app: ChildServer,
  baseline: ChildServer,
  { connections, warmupSeconds, durationSeconds, rounds }: ReadApiSettings,
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

/** The two read endpoints, with a real id from the seeded stock and the app's exact bytes. */
async function readEndpoints(app: ChildServer): Promise<Endpoint[]> {
  const list = await expectOk(app, "/api/bikes");
  const bikes = JSON.parse(list.body.toString("utf8")) as { _id: string }[];
  const firstId = bikes[0]?._id;
  if (!firstId) throw new Error("the seeded app lists no bikes: is SEED on?");
  const onePath = `/api/bikes/${firstId}`;
  return [
    { label: "GET /api/bikes", path: "/api/bikes", route: "/api/bikes", response: list },
    {
      label: "GET /api/bikes/{id}",
      path: onePath,
      route: "/api/bikes/:id",
      response: await expectOk(app, onePath),
    },
  ];
}

/** The baseline, answering each endpoint's route with the app's bytes for it. */
function startBaseline(endpoints: Endpoint[], responsesFile: string): Promise<ChildServer> {
  const stored: FixedResponse[] = endpoints.map(({ route, response }) => ({
    route,
    contentType: response.contentType,
    bodyBase64: response.body.toString("base64"),
  }));
  writeFileSync(responsesFile, JSON.stringify(stored));
  const env = childEnv({ BENCH_FIXED_RESPONSES_FILE: responsesFile });
  return startChildServer(baselineScript, env, "baseline");
}

async function assertSameBytes(baseline: ChildServer, endpoints: Endpoint[]): Promise<void> {
  for (const { path: urlPath, response } of endpoints) {
    const copy = await expectOk(baseline, urlPath);
    if (!copy.body.equals(response.body) || copy.contentType !== response.contentType) {
      throw new Error(`the baseline does not answer GET ${urlPath} with the app's bytes`);
    }
  }
}

/**
 * The exact bytes a load test receives. autocannon asks for no encoding; fetch would ask for gzip
 * and hand back a decompressed copy, so it asks for none either.
 */
async function expectOk(server: ChildServer, urlPath: string): Promise<ExactResponse> {
  const response = await fetch(new URL(urlPath, server.origin), {
    headers: { "accept-encoding": "identity" },
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 200) throw new Error(`GET ${urlPath} answered ${response.status}`);
  return {
    contentType: response.headers.get("content-type") ?? "",
    body: Buffer.from(await response.arrayBuffer()),
  };
}
