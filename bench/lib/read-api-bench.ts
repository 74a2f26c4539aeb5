import type { ChildServer } from "../support/child-server.ts";
import { withAppServer } from "./app-server.ts";
import {
  compareWithBaseline,
  endpointOf,
  expectOk,
  type Endpoint,
  type EndpointComparison,
  type ReadLoadSettings,
} from "./fixed-baseline.ts";
import type { DatabaseTarget } from "./options.ts";

/**
 * For each database: the real app on freshly seeded stock, and a bare Fastify baseline serving
 * the app's own response bytes, each in its own process, loaded one at a time with the same
 * settings.
 */
export async function runReadApiBench(
  databases: DatabaseTarget[],
  settings: ReadLoadSettings,
  progress: (message: string) => void,
): Promise<EndpointComparison[]> {
  const comparisons: EndpointComparison[] = [];
  for (const database of databases) {
    progress(`${database.kind}: starting the app (fresh, seeded database)`);
    await withAppServer(database, { SEED: "on" }, async (app, workDir) => {
      const endpoints = await readEndpoints(app);
      comparisons.push(
        ...(await compareWithBaseline(
          database.kind,
          app,
          endpoints,
          workDir,
          settings,
          progress,
          // PostgreSQL's limit for a read that must be fresh across servers: one round trip a
          // turn (docs/decisions/025); SQLite's is the bare server.
          database.kind === "postgres" ? database.adminUrl : undefined,
        )),
      );
    });
  }
  return comparisons;
}

/** The two read endpoints, with a real id from the seeded stock and the app's exact bytes. */
async function readEndpoints(app: ChildServer): Promise<Endpoint[]> {
  const list = await expectOk(app, "/api/bikes");
  const bikes = JSON.parse(list.body.toString("utf8")) as { _id: string }[];
  const firstId = bikes[0]?._id;
  if (!firstId) throw new Error("the seeded app lists no bikes: is SEED on?");
  return [
    { label: "GET /api/bikes", path: "/api/bikes", route: "/api/bikes", response: list },
    await endpointOf(app, "GET /api/bikes/{id}", `/api/bikes/${firstId}`, "/api/bikes/:id"),
  ];
}
