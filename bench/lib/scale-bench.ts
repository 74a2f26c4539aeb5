import { stockPageSchema, stockStatusOf, type StockPage } from "@ultimate-bikes/contract/stock";
import { existsSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../../apps/server/src/config.ts";
import { generateBikes, seedBulkStock } from "../../apps/server/src/db/bulk-stock.ts";
import type { ChildServer } from "../support/child-server.ts";
import { repoRoot } from "../support/paths.ts";
import { withAppServer } from "./app-server.ts";
import {
  compareWithBaseline,
  endpointOf,
  type Endpoint,
  type EndpointComparison,
  type ReadLoadSettings,
} from "./fixed-baseline.ts";
import { timeFirstPage, type PageLoad } from "./first-page-timing.ts";
import { inventoryStockPath } from "./inventory-query.ts";
import { SetupError, type BenchOptions, type DatabaseTarget } from "./options.ts";
import { placeListSchema } from "@ultimate-bikes/contract/places";
import { measureTypingSearch, TYPED_ELSEWHERE, type SearchLatency } from "./typing-search.ts";

export type ScaleSettings = ReadLoadSettings & Pick<BenchOptions, "bikes" | "pageLoads">;

/** The whole list (`GET /api/bikes`, the original client's call) is measured at this size. */
export const LIST_BIKES = 1_000;
/** The throughput goal for by-id, the first page and the whole list: this share of the baseline. */
export const THROUGHPUT_GOAL = 0.8;
/** Searches as typed should answer within this, at the 95th percentile, on SQLite. */
export const SEARCH_P95_GOAL_MS = 15;
/** Inventory should show its first page within this, from the start of navigation. */
export const FIRST_PAGE_GOAL_MS = 1_000;

export interface ScaleComparison extends EndpointComparison {
  /** How many bikes the database held. */
  bikes: number;
  /** The throughput ratio it should reach, when there is one. */
  goal: number | undefined;
}

export interface ScaleRun {
  database: DatabaseTarget["kind"];
  /** Seconds the seeding took, by stock size. */
  seedSeconds: Map<number, number>;
  comparisons: ScaleComparison[];
  search: SearchLatency;
  /** The same searches at one place (issue 23): the stock filtered to a showroom's. */
  searchAtPlace: SearchLatency & { place: string };
  pageLoads: PageLoad[];
}

const webIndex = path.join(repoRoot, "apps/web/dist/index.html");

/**
 * For each database: the whole list on a fresh database of LIST_BIKES generated bikes, then
 * another of `bikes` (100,000 by default): by-id, the first page, a search and a filter, each
 * against the bare baseline; then searches as typed, one at a time; then Inventory in Chromium.
 */
export async function runScaleBench(
  databases: DatabaseTarget[],
  settings: ScaleSettings,
  progress: (message: string) => void,
): Promise<ScaleRun[]> {
  if (!existsSync(webIndex)) {
    throw new SetupError(`No web build at ${webIndex}: run \`npm run build\` first.`);
  }
  const runs: ScaleRun[] = [];
  for (const database of databases) {
    const kind = database.kind;
    const seedSeconds = new Map<number, number>();
    const withStock = <T>(bikes: number, use: (app: ChildServer, workDir: string) => Promise<T>) =>
      withAppServer(database, { SEED: "off" }, use, {
        prepare: async (env) => {
          seedSeconds.set(bikes, await seed(env, bikes, kind, progress));
        },
      });

    const comparisons: ScaleComparison[] = [];
    const compare = async (bikes: number, app: ChildServer, workDir: string, all: Goal[]) => {
      const endpoints = all.map(({ endpoint }) => endpoint);
      const measured = await compareWithBaseline(kind, app, endpoints, workDir, settings, progress);
      measured.forEach((comparison, index) =>
        comparisons.push({ ...comparison, bikes, goal: all[index]!.goal }),
      );
    };

    await withStock(LIST_BIKES, async (app, workDir) => {
      const list = await endpointOf(app, "GET /api/bikes", "/api/bikes", "/api/bikes");
      await compare(LIST_BIKES, app, workDir, [{ endpoint: list, goal: THROUGHPUT_GOAL }]);
    });
    const rest = await withStock(settings.bikes, async (app, workDir) => {
      await compare(settings.bikes, app, workDir, await stockEndpoints(app, settings.bikes));
      progress(`${kind}: searches as typed, one at a time`);
      const search = await measureTypingSearch(app.origin);
      const place = await aShowroom(app.origin);
      progress(`${kind}: searches as typed at ${place.name}, one at a time`);
      const atPlace = await measureTypingSearch(app.origin, { place: place.id });
      const searchAtPlace = { ...atPlace, place: place.name };
      progress(`${kind}: Inventory in Chromium, ${settings.pageLoads} loads`);
      return {
        search,
        searchAtPlace,
        pageLoads: await timeFirstPage(app.origin, settings.pageLoads),
      };
    });
    runs.push({ database: kind, seedSeconds, comparisons, ...rest });
  }
  return runs;
}

/** An endpoint to compare, and the throughput ratio it should reach, if it has a goal. */
interface Goal {
  endpoint: Endpoint;
  goal: number | undefined;
}

/** Fills the app's database before it starts; returns the seconds it took. */
async function seed(
  env: Record<string, string>,
  bikes: number,
  kind: string,
  progress: (message: string) => void,
): Promise<number> {
  const total = bikes.toLocaleString("en-US");
  progress(`${kind}: seeding ${total} bikes`);
  const startedAt = performance.now();
  await seedBulkStock(loadConfig(env).database, bikes, (inserted) =>
    progress(`${kind}: ${inserted.bikes.toLocaleString("en-US")} of ${total} bikes seeded`),
  );
  return (performance.now() - startedAt) / 1000;
}

/**
 * By id, then Inventory's first page, a search and the low-stock filter, as Inventory asks for
 * them, with the app's bytes for each. The counts are checked against the generated stock, so a
 * figure never times a wrong answer.
 */
async function stockEndpoints(app: ChildServer, bikes: number): Promise<Goal[]> {
  const stock = (label: string, filters: Record<string, string> = {}) =>
    endpointOf(app, label, inventoryStockPath(filters), "/api/stock");
  const firstPage = await stock("GET /api/stock, first page");
  const search = await stock(`GET /api/stock?q=${TYPED_ELSEWHERE}`, { q: TYPED_ELSEWHERE });
  const low = await stock("GET /api/stock?status=low", { status: "low" });

  const generated = [...generateBikes(bikes)];
  const countOf = (test: (bike: (typeof generated)[number]) => boolean) =>
    generated.filter(test).length;
  // The search term has no accents, so a plain match at the start of a word finds what it must.
  const startsAWord = new RegExp(`(^|[^\\p{L}\\p{N}])${TYPED_ELSEWHERE}`, "iu");
  const expected: [string, Endpoint, number][] = [
    ["the first page", firstPage, bikes],
    [
      `q=${TYPED_ELSEWHERE}`,
      search,
      countOf((bike) => startsAWord.test(`${bike.name} ${bike.supplier_name} ${bike.des}`)),
    ],
    [
      "status=low",
      low,
      countOf((bike) => stockStatusOf(bike.quantity, bike.reorder_point) === "low"),
    ],
  ];
  const failed = expected
    .map(([what, endpoint, count]) => [what, pageOf(endpoint).total, count] as const)
    .filter(([, total, count]) => total !== count)
    .map(([what, total, count]) => `${what} counts ${total}, not ${count}`);
  if (failed.length > 0) throw new Error(`GET /api/stock is wrong: ${failed.join("; ")}`);

  const id = pageOf(firstPage).items[0]!._id;
  const byId = await endpointOf(app, "GET /api/bikes/{id}", `/api/bikes/${id}`, "/api/bikes/:id");
  return [
    { endpoint: byId, goal: THROUGHPUT_GOAL },
    { endpoint: firstPage, goal: THROUGHPUT_GOAL },
    { endpoint: search, goal: undefined },
    { endpoint: low, goal: undefined },
  ];
}

function pageOf(endpoint: Endpoint): StockPage {
  return stockPageSchema.parse(JSON.parse(endpoint.response.body.toString("utf8")));
}

/** A showroom of the bulk stock's places (it spreads the bikes over six), for the place filter. */
export async function aShowroom(origin: string): Promise<{ id: string; name: string }> {
  const places = placeListSchema.parse(await (await fetch(new URL("/api/places", origin))).json());
  const showroom = places.find((place) => place.kind === "showroom");
  if (!showroom) throw new Error("the bulk stock has no showroom to search at");
  return showroom;
}
