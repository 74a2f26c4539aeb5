import { bikeSchema } from "@ultimate-bikes/contract/bikes";
import { unitListResponseSchema, type Unit } from "@ultimate-bikes/contract/units";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../../apps/server/src/config.ts";
import { prng } from "../../apps/server/src/db/bulk-random.ts";
import { generateBulkStock, seedBulkStock } from "../../apps/server/src/db/bulk-stock.ts";
import { MAIN_WAREHOUSE_ID } from "../../apps/server/src/db/main-warehouse.ts";
import { stillRunning } from "../support/watchdog.ts";
import { withAppServer } from "./app-server.ts";
import { percentile } from "./load.ts";
import type { BenchOptions, DatabaseTarget } from "./options.ts";
import { aShowroom } from "./scale-bench.ts";
import { BENCH_PUBLIC_URL, ExactnessError, signUp, type Session } from "./stock-api.ts";
import { measureTypingSearch, type SearchLatency } from "./typing-search.ts";

export type UnitsSettings = Pick<
  BenchOptions,
  "bikes" | "units" | "requests" | "deliveries" | "rounds"
>;

/** Finding a unit by its whole chassis number or its last 6 characters, p95 on SQLite (issue 24). */
export const LOOKUP_P95_GOAL_MS = 10;
/** A delivery naming its unit, at most this many times an untracked model's delivery. */
export const NAMED_DELIVERY_GOAL = 1.5;
/** Lookups asked, unmeasured, before the timed ones. */
export const WARM_UP_LOOKUPS = 50;
/** The last characters of a chassis number staff type (`GET /api/units?q=`). */
export const TAIL = 6;

export interface Latencies {
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface UnitsRun {
  database: DatabaseTarget["kind"];
  bikes: number;
  units: number;
  /** Seconds the seeding took, with the units and without (for the baseline). */
  seedSeconds: number;
  baselineSeedSeconds: number | undefined;
  byChassis: Latencies;
  byTail: Latencies;
  /** Units the tail lookups answered besides the one looked for (another number ending alike). */
  tailExtras: number;
  /** On the same models without units, on a server of their own: the baseline (SQLite only). */
  searchesWithoutUnits: TypedSearches | undefined;
  searchesWithUnits: TypedSearches | undefined;
  untracked: Latencies;
  named: Latencies;
  /** Named ÷ untracked median delivery, round by round. */
  roundRatios: number[];
}

/** A unit the benchmark looks up or delivers, as the seed made it. */
interface SampledUnit {
  id: string;
  bikeId: string;
  chassis: string;
}

/** Searches as typed over all the stock and at a showroom. */
export interface TypedSearches {
  everywhere: SearchLatency;
  atPlace: SearchLatency & { place: string };
}

/**
 * For each database: searches as typed on the bulk stock of `bikes` models without units (the
 * baseline), then on one app server over the same stock with `units` units of tracked models:
 * lookups of random units by whole chassis number and by its last 6 characters, one at a time;
 * the same searches as typed; then deliveries of named units against deliveries of untracked
 * models, one at a time, rounds alternating. Every answer is checked, and afterwards the stock
 * must account for every delivery.
 */
export async function runUnitsBench(
  databases: DatabaseTarget[],
  settings: UnitsSettings,
  progress: (message: string) => void,
): Promise<UnitsRun[]> {
  const runs: UnitsRun[] = [];
  for (const database of databases) {
    const kind = database.kind;
    const withStock = async <T>(units: number, use: (origin: string) => Promise<T>) => {
      let seedSeconds = 0;
      const variables = { SEED: "off", PUBLIC_URL: BENCH_PUBLIC_URL };
      const result = await withAppServer(database, variables, (app) => use(app.origin), {
        prepare: async (env) => {
          progress(`${kind}: seeding ${settings.bikes} bikes with ${units} units`);
          const startedAt = performance.now();
          await seedBulkStock(
            loadConfig(env).database,
            settings.bikes,
            (inserted) =>
              progress(`${kind}: ${inserted.bikes} bikes, ${inserted.units} units seeded`),
            { units },
          );
          seedSeconds = (performance.now() - startedAt) / 1000;
        },
      });
      return { ...result, seedSeconds };
    };
    const searches = async (origin: string, units: string): Promise<TypedSearches> => {
      // Unmeasured, the same searches at the main warehouse first: each server's search code
      // warm alike (the baseline's would be cold), none of the measured answers cached by it.
      progress(`${kind}, ${units}: searches as typed at the main warehouse, unmeasured`);
      await measureTypingSearch(origin, { place: MAIN_WAREHOUSE_ID });
      progress(`${kind}, ${units}: searches as typed, one at a time`);
      const everywhere = await measureTypingSearch(origin);
      const place = await aShowroom(origin);
      progress(`${kind}, ${units}: searches as typed at ${place.name}, one at a time`);
      const atPlace = await measureTypingSearch(origin, { place: place.id });
      return { everywhere, atPlace: { ...atPlace, place: place.name } };
    };

    // The search's goal is SQLite's; on PostgreSQL a first letter over 100,000 models can take
    // seconds (docs/performance.md), and the units' figures need no baseline seeded beside them.
    const onSqlite = kind === "sqlite";
    const baseline = onSqlite
      ? await withStock(0, (origin) => searches(origin, "no units"))
      : undefined;
    const run = await withStock(settings.units, async (origin) => {
      const session = await signUp(origin);
      const sample = sampleStock(settings);
      progress(`${kind}: ${settings.requests} units by chassis number and by last ${TAIL}`);
      const lookups = await measureLookups(session, sample.lookups);
      const searchesWithUnits = onSqlite
        ? await searches(origin, `${settings.units} units`)
        : undefined;
      progress(`${kind}: deliveries, named units against untracked models`);
      const deliveries = await measureDeliveries(session, sample, settings.rounds, progress);
      return { ...lookups, searchesWithUnits, ...deliveries };
    });
    runs.push({
      database: kind,
      bikes: settings.bikes,
      units: settings.units,
      searchesWithoutUnits: baseline && {
        everywhere: baseline.everywhere,
        atPlace: baseline.atPlace,
      },
      baselineSeedSeconds: baseline?.seedSeconds,
      ...run,
    });
  }
  return runs;
}

interface StockSample {
  /** Warm-up lookups first, then the timed ones. */
  lookups: SampledUnit[];
  /** Units to deliver by name, each once: one round's worth of warm-up, then the rounds. */
  named: SampledUnit[];
  /** Untracked models in stock, one delivery each, as many as `named`. */
  untracked: string[];
}

/**
 * Random units of the seeded stock (regenerated: the seed makes the same every run), all
 * different, and as many untracked models with stock, each from a reservoir over the whole stock.
 */
function sampleStock({ bikes, units, requests, deliveries, rounds }: UnitsSettings): StockSample {
  const random = prng(24);
  const perRound = Math.ceil(deliveries / rounds);
  const toDeliver = perRound * (rounds + 1);
  const unitReservoir = reservoir<SampledUnit>(WARM_UP_LOOKUPS + requests + toDeliver, random);
  const bikeReservoir = reservoir<string>(toDeliver, random);
  for (const { bike, units: bikeUnits } of generateBulkStock(bikes, units)) {
    for (const unit of bikeUnits) {
      unitReservoir.offer({ id: unit.id, bikeId: unit.bike_id, chassis: unit.chassis });
    }
    if (bikeUnits.length === 0 && bike.quantity > 0) bikeReservoir.offer(bike.id);
  }
  const sampled = unitReservoir.items();
  const untracked = bikeReservoir.items();
  if (sampled.length < WARM_UP_LOOKUPS + requests + toDeliver || untracked.length < toDeliver) {
    throw new Error("the bulk stock has too few units or untracked models for these settings");
  }
  return {
    lookups: sampled.slice(0, WARM_UP_LOOKUPS + requests),
    named: sampled.slice(WARM_UP_LOOKUPS + requests),
    untracked,
  };
}

/** Algorithm R: `size` items drawn evenly from a stream of unknown length, in random order. */
function reservoir<T>(size: number, random: () => number) {
  const kept: T[] = [];
  let seen = 0;
  return {
    offer(item: T) {
      seen++;
      if (kept.length < size) kept.push(item);
      else {
        const slot = Math.floor(random() * seen);
        if (slot < size) kept[slot] = item;
      }
    },
    items: () => kept,
  };
}

function latencies(samples: readonly number[]): Latencies {
  return {
    count: samples.length,
    p50Ms: percentile([...samples], 0.5),
    p95Ms: percentile([...samples], 0.95),
    maxMs: Math.max(...samples),
  };
}

async function timedFetch(session: Session, path: string, init: RequestInit = {}) {
  const startedAt = performance.now();
  const response = await fetch(new URL(path, session.origin), {
    ...init,
    headers: { cookie: session.cookie, origin: BENCH_PUBLIC_URL, ...init.headers },
    signal: AbortSignal.timeout(10_000),
  });
  const body = await response.text();
  const ms = performance.now() - startedAt;
  stillRunning();
  if (response.status !== 200) {
    throw new Error(
      `${init.method ?? "GET"} ${path} answered ${response.status}: ${body.slice(0, 300)}`,
    );
  }
  return { ms, body };
}

/** `GET /api/units?…`, timed: the units answered. */
async function lookUp(session: Session, query: Record<string, string>) {
  const { ms, body } = await timedFetch(session, `/api/units?${new URLSearchParams(query)}`);
  return { ms, units: unitListResponseSchema.parse(JSON.parse(body)) };
}

/**
 * Each unit once by its whole chassis number, then by its last 6 characters, one request at a
 * time on one connection, as staff typing or scanning; each answer must name the unit.
 */
async function measureLookups(session: Session, units: SampledUnit[]) {
  const byChassis: number[] = [];
  const byTail: number[] = [];
  let tailExtras = 0;
  for (const [index, unit] of units.entries()) {
    const whole = await lookUp(session, { chassis: unit.chassis });
    const tail = await lookUp(session, { q: unit.chassis.slice(-TAIL) });
    expectUnit(whole.units, unit, "chassis");
    expectUnit(tail.units, unit, "q");
    if (index < WARM_UP_LOOKUPS) continue;
    byChassis.push(whole.ms);
    byTail.push(tail.ms);
    tailExtras += tail.units.length - 1;
  }
  return { byChassis: latencies(byChassis), byTail: latencies(byTail), tailExtras };
}

function expectUnit(answered: Unit[], unit: SampledUnit, by: string) {
  if (!answered.some((found) => found.id === unit.id && found.chassis === unit.chassis)) {
    throw new ExactnessError(`GET /api/units?${by}= did not find unit ${unit.chassis}`);
  }
}

/** A unit's or a model's place, asked once, untimed, before its delivery. */
async function placeOfUnit(session: Session, unit: SampledUnit): Promise<string> {
  const [found] = (await lookUp(session, { chassis: unit.chassis })).units;
  if (!found?.placeId) throw new Error(`unit ${unit.chassis} is at no place`);
  return found.placeId;
}

async function bikeAnswer(session: Session, bikeId: string) {
  return bikeSchema.parse(JSON.parse((await timedFetch(session, `/api/bikes/${bikeId}`)).body));
}

/**
 * Deliveries one at a time: a named unit (`{unitId, placeId}`) of a random tracked model, against
 * one unit of a random untracked model (`{placeId}`), each model a different one, one round's
 * worth of each as warm-up, then rounds alternating which side goes first. Each delivery's place
 * is asked before, untimed. Afterwards every delivered unit must be delivered, and each model
 * one unit short, its units still its count.
 */
async function measureDeliveries(
  session: Session,
  { named, untracked }: StockSample,
  rounds: number,
  progress: (message: string) => void,
) {
  const deliver = async (bikeId: string, body: Record<string, string>) =>
    (
      await timedFetch(session, `/api/bikes/${bikeId}/deliveries`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })
    ).ms;
  const before = new Map<string, number>();
  const deliverUntracked = async (bikeId: string) => {
    const bike = await bikeAnswer(session, bikeId);
    before.set(bikeId, bike.quantity);
    return deliver(bikeId, { placeId: bike.stock.find((place) => place.quantity > 0)!.placeId });
  };
  const deliverNamed = async (unit: SampledUnit) => {
    before.set(unit.bikeId, (await bikeAnswer(session, unit.bikeId)).quantity);
    return deliver(unit.bikeId, { unitId: unit.id, placeId: await placeOfUnit(session, unit) });
  };

  const perRound = named.length / (rounds + 1);
  const side = async <T>(items: T[], round: number, each: (item: T) => Promise<number>) => {
    const times: number[] = [];
    for (const item of items.slice(round * perRound, (round + 1) * perRound)) {
      times.push(await each(item));
    }
    return times;
  };
  const untrackedMs: number[] = [];
  const namedMs: number[] = [];
  const roundRatios: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    if (round > 0) progress(`deliveries, round ${round} of ${rounds}`);
    const untrackedSide = () => side(untracked, round, deliverUntracked);
    const namedSide = () => side(named, round, deliverNamed);
    const [plain, byName] =
      round % 2 === 0
        ? [await untrackedSide(), await namedSide()]
        : await namedSide().then(async (byName) => [await untrackedSide(), byName]);
    // Round 0 is the warm-up.
    if (round === 0) continue;
    untrackedMs.push(...plain!);
    namedMs.push(...byName!);
    roundRatios.push(percentile(byName!, 0.5) / percentile(plain!, 0.5));
  }
  await expectDelivered(session, named, untracked, before);
  return { untracked: latencies(untrackedMs), named: latencies(namedMs), roundRatios };
}

/** Every named unit delivered, every model one unit short, a tracked one's units its count. */
async function expectDelivered(
  session: Session,
  named: SampledUnit[],
  untracked: string[],
  before: Map<string, number>,
) {
  for (const unit of named) {
    const [found] = (await lookUp(session, { chassis: unit.chassis })).units;
    if (found?.status !== "delivered") {
      throw new ExactnessError(`unit ${unit.chassis} is ${found?.status ?? "gone"}, not delivered`);
    }
  }
  for (const bikeId of [...untracked, ...named.map((unit) => unit.bikeId)]) {
    const bike = await bikeAnswer(session, bikeId);
    if (bike.quantity !== before.get(bikeId)! - 1) {
      throw new ExactnessError(`bike ${bikeId} holds ${bike.quantity}, not one less than before`);
    }
    if (!bike.tracksUnits) continue;
    for (const place of bike.stock) {
      const atPlace = await timedFetch(
        session,
        `/api/bikes/${bikeId}/units?place=${place.placeId}`,
      );
      const count = unitListResponseSchema
        .parse(JSON.parse(atPlace.body))
        .filter((unit) => unit.status === "in_stock" || unit.status === "held").length;
      if (count !== place.quantity) {
        throw new ExactnessError(
          `bike ${bikeId} counts ${place.quantity} at ${place.place}, its units ${count}`,
        );
      }
    }
  }
}
