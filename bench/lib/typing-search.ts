import { stockPageSchema } from "@ultimate-bikes/contract/stock";
import { performance } from "node:perf_hooks";
import { stillRunning } from "../support/watchdog.ts";
import { inventoryStockPath } from "./inventory-query.ts";
import { percentile } from "./load.ts";

/**
 * What people type into Inventory's search box, over the bulk stock's words (makes, models,
 * colours, suppliers, description words). Some are typed without their accents, as people do.
 * `TYPED_ELSEWHERE` is left out: the load test asks it again and again, so the read cache holds it.
 */
export const TYPED_ELSEWHERE = "honda";
const TERMS = [
  "ninja",
  "duke",
  "matte black",
  "scrambler",
  "adventure",
  "bavaria",
  "societe",
  "ohlins",
  "gold wing",
  "cafe racer",
  "low seat",
  "pulsar",
  "hayabusa",
  "street triple",
  "tiger 900",
  "vespa gts",
  "royal enfield",
  "harley",
  "panigale",
  "africa twin",
  "mt-07",
  "quickshifter",
  "heated grips",
  "pune",
  "zero",
  "electric",
  "superbike",
  "cruise control",
  "kawasaki z900",
  "bmw gs",
  "ktm 390",
  "triumph bonneville",
  "suzuki v-strom",
  "ducati monster",
  "aprilia",
  "moto guzzi",
  "husqvarna",
  "tvs apache",
  "hero splendor",
  "cfmoto",
  "benelli",
  "chetak",
  "brembo",
  "warranty",
  "demonstrator",
  "limited edition",
  "racing red",
  "pearl white",
  "krakow",
  "muller",
  "sao paulo",
  "chittagong",
  "2024",
  "enduro",
  "bobber",
  "yamaha r1",
];

/**
 * Every term typed a letter at a time, each prefix a query, in typing order. A query asked
 * before (the same prefix of another term) is left out, so each is asked once: a repeat would be
 * answered from the app's read cache and time nothing but the cache.
 */
export function typedQueries(): string[] {
  const queries = new Set<string>();
  for (const term of TERMS) {
    for (let length = 1; length <= term.length; length++) {
      // The API trims q, so "matte " is "matte" again.
      const query = term.slice(0, length).trim();
      if (query !== TYPED_ELSEWHERE) queries.add(query);
    }
  }
  return [...queries];
}

export interface SearchLatency {
  queries: number;
  p50Ms: number;
  p95Ms: number;
  /** p95 by how much has been typed: one letter, two, three or more. */
  p95ByLengthMs: [number, number, number];
  slowest: { query: string; ms: number };
}

/** What a browser accepts, so each answer is compressed as the web app would get it. */
const BROWSER_ENCODINGS = { "accept-encoding": "gzip, deflate, br" };

/**
 * Searches as one person typing: one keep-alive connection, one query at a time, each query once,
 * for Inventory's first page of `GET /api/stock?q=`. Inventory asks after every pause in typing
 * (apps/web/src/features/bikes/stock-controls.tsx), so any prefix may be asked. A query's time runs from sending it to its last
 * byte, decompressed. Every answer must be a 200 carrying a page of stock, or the run fails.
 */
export async function measureTypingSearch(
  origin: string,
  filters: Record<string, string> = {},
): Promise<SearchLatency> {
  const timed: { query: string; ms: number }[] = [];
  for (const query of typedQueries()) {
    const url = new URL(inventoryStockPath({ ...filters, q: query }), origin);
    const startedAt = performance.now();
    const response = await fetch(url, {
      headers: BROWSER_ENCODINGS,
      signal: AbortSignal.timeout(10_000),
    });
    const body = await response.text();
    timed.push({ query, ms: performance.now() - startedAt });
    stillRunning();
    if (response.status !== 200 || !isStockPage(body)) {
      throw new Error(
        `GET ${url.pathname}${url.search} answered ${response.status}: ${body.slice(0, 300)}`,
      );
    }
  }
  const ms = (list: typeof timed) => list.map((entry) => entry.ms);
  const ofLength = (test: (length: number) => boolean) =>
    percentile(ms(timed.filter((entry) => test(entry.query.length))), 0.95);
  return {
    queries: timed.length,
    p50Ms: percentile(ms(timed), 0.5),
    p95Ms: percentile(ms(timed), 0.95),
    p95ByLengthMs: [ofLength((n) => n === 1), ofLength((n) => n === 2), ofLength((n) => n >= 3)],
    slowest: timed.reduce((worst, entry) => (entry.ms > worst.ms ? entry : worst)),
  };
}

/** A 200 that is not a page of stock (a web page, another shape) would time the wrong thing. */
function isStockPage(body: string): boolean {
  try {
    return stockPageSchema.safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
}
