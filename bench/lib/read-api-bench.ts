import { writeFileSync } from "node:fs";
import path from "node:path";
import { appEnv, childEnv } from "../support/child-env.ts";
import { startChildServer, type ChildServer } from "../support/child-server.ts";
import { exactGet, type ExactResponse } from "../support/exact-get.ts";
import { writeFixedResponses } from "../support/fixed-responses.ts";
import {
  sampleLoad,
  summarize,
  type LoadFigures,
  type LoadSample,
  type LoadSettings,
} from "../support/load.ts";
import { appServerScript } from "../support/paths.ts";
import {
  createScratchDatabase,
  type ScratchDatabase,
} from "@ultimate-bikes/test-support/scratch-postgres";
import { withTempDir } from "../support/temp-dir.ts";

export type DatabaseTarget = { kind: "sqlite" } | { kind: "postgres"; adminUrl: string };

export interface EndpointComparison {
  database: DatabaseTarget["kind"];
  endpoint: string;
  bodyBytes: number;
  app: LoadFigures;
  baseline: LoadFigures;
  /** app/baseline per round: how far apart the rounds of this run were. */
  roundThroughputRatios: number[];
  roundP99Ratios: number[];
}

interface Endpoint {
  label: string;
  /** The URL path the load test requests. */
  path: string;
  /** The baseline's route for it: the same shape as the app's, so routing costs alike. */
  route: string;
  response: ExactResponse;
}

const baselineScript = path.join(import.meta.dirname, "../support/serve-fixed-responses.ts");

/**
 * For each database: the real app and a bare Fastify baseline serving the app's own response
 * bytes, each in its own process, loaded one at a time with the same settings.
 */
export async function runReadApiBench(
  databases: DatabaseTarget[],
  settings: LoadSettings,
  progress: (message: string) => void,
): Promise<EndpointComparison[]> {
  const comparisons: EndpointComparison[] = [];
  for (const database of databases) {
    comparisons.push(...(await benchDatabase(database, settings, progress)));
  }
  return comparisons;
}

async function benchDatabase(
  database: DatabaseTarget,
  settings: LoadSettings,
  progress: (message: string) => void,
): Promise<EndpointComparison[]> {
  return withTempDir("ultimate-bikes-bench-", async (workDir) => {
    const servers: ChildServer[] = [];
    let scratch: ScratchDatabase | undefined;
    try {
      if (database.kind === "postgres")
        scratch = await createScratchDatabase(database.adminUrl, "ub_bench");
      progress(`${database.kind}: starting the app (fresh, seeded database)`);
      const app = await startChildServer(
        appServerScript,
        appEnv(path.join(workDir, "data"), {
          SEED: "on",
          ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        }),
        "app",
      );
      servers.push(app);
      const endpoints = await readEndpoints(app);

      const responsesFile = path.join(workDir, "fixed-responses.json");
      writeFileSync(
        responsesFile,
        writeFixedResponses(
          endpoints.map(({ route, response }) => ({
            route,
            contentType: response.contentType,
            body: response.body,
          })),
        ),
      );
      const baseline = await startChildServer(
        baselineScript,
        childEnv({ BENCH_FIXED_RESPONSES_FILE: responsesFile }),
        "baseline",
      );
      servers.push(baseline);
      await assertSameBytes(baseline, endpoints);

      const comparisons: EndpointComparison[] = [];
      for (const endpoint of endpoints) {
        progress(`${database.kind}: ${endpoint.label}`);
        comparisons.push({
          database: database.kind,
          endpoint: endpoint.label,
          bodyBytes: endpoint.response.body.length,
          ...(await compareServers(endpoint.path, app, baseline, settings)),
        });
      }
      return comparisons;
    } finally {
      for (const server of servers.reverse()) await server.stop();
      await scratch?.drop();
    }
  });
}

/**
 * Warms both servers up, then loads them in alternating rounds (baseline first, then app first,
 * and so on), so load from other processes on a shared machine falls on both sides alike.
 */
async function compareServers(
  urlPath: string,
  app: ChildServer,
  baseline: ChildServer,
  { connections, warmupSeconds, durationSeconds, rounds }: LoadSettings,
) {
  const appUrl = `${app.origin}${urlPath}`;
  const baselineUrl = `${baseline.origin}${urlPath}`;
  await sampleLoad(baselineUrl, connections, warmupSeconds);
  await sampleLoad(appUrl, connections, warmupSeconds);

  const roundSeconds = durationSeconds / rounds;
  const samples: { app: LoadSample; baseline: LoadSample }[] = [];
  for (let round = 0; round < rounds; round++) {
    const measure = (url: string) => sampleLoad(url, connections, roundSeconds);
    if (round % 2 === 0) {
      const baselineSample = await measure(baselineUrl);
      samples.push({ baseline: baselineSample, app: await measure(appUrl) });
    } else {
      const appSample = await measure(appUrl);
      samples.push({ app: appSample, baseline: await measure(baselineUrl) });
    }
  }
  const perRound = samples.map((pair) => ({
    app: summarize([pair.app]),
    baseline: summarize([pair.baseline]),
  }));
  return {
    app: summarize(samples.map((pair) => pair.app)),
    baseline: summarize(samples.map((pair) => pair.baseline)),
    roundThroughputRatios: perRound.map(
      (round) => round.app.requestsPerSecond / round.baseline.requestsPerSecond,
    ),
    roundP99Ratios: perRound.map((round) => round.app.p99Ms / round.baseline.p99Ms),
  };
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

async function expectOk(server: ChildServer, urlPath: string): Promise<ExactResponse> {
  const response = await exactGet(server.origin, urlPath);
  if (response.status !== 200) throw new Error(`GET ${urlPath} answered ${response.status}`);
  return response;
}

async function assertSameBytes(baseline: ChildServer, endpoints: Endpoint[]): Promise<void> {
  for (const { path: urlPath, response } of endpoints) {
    const copy = await expectOk(baseline, urlPath);
    if (!copy.body.equals(response.body) || copy.contentType !== response.contentType) {
      throw new Error(`the baseline does not answer GET ${urlPath} with the app's bytes`);
    }
  }
}
