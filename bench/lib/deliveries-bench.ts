import { appEnv } from "../support/child-env.ts";
import { startChildServer, type ChildServer } from "../support/child-server.ts";
import { appServerScript } from "../support/paths.ts";
import { withTempDir } from "../support/temp-dir.ts";
import {
  summarize,
  type LoadFigures,
  type LoadSample,
  type LoadSettings,
} from "../support/load.ts";
import {
  createScratchDatabase,
  type ScratchDatabase,
} from "@ultimate-bikes/test-support/scratch-postgres";
import {
  countedLoad,
  countOf,
  describeStatuses,
  type StatusCounts,
  type Target,
} from "./counted-load.ts";
import type { DatabaseTarget } from "./read-api-bench.ts";
import {
  addBike,
  BENCH_PUBLIC_URL,
  movementsOf,
  quantityOf,
  signUp,
  type Session,
} from "./stock-api.ts";

/** The most one bike may hold (QUANTITY_MAX in the contract): room for any run's deliveries. */
const STARTING_QUANTITY = 1_000_000;
export const MANY_BIKES = 20;
/** The drain: more deliveries than stock, on one bike, from more connections than the pool. */
export const DRAIN = { stock: 500, connections: 20, requests: 2_000 } as const;
/** Requests per connection in the short burst that sets the pace of the first warm-up. */
const CALIBRATION_REQUESTS_PER_CONNECTION = 10;
/** A bound on the runs that make up one stretch of load, should the pace keep changing. */
const MAX_RUNS_PER_STRETCH = 10;

export interface DeliveryScenarioResult {
  database: DatabaseTarget["kind"];
  scenario: string;
  bikes: number;
  deliveries: LoadFigures;
  /** GET /api/bikes/{id} on the same bikes, from the same server and connections. */
  reads: LoadFigures;
  /** deliveries/reads per round: how far apart the rounds of this run were. */
  roundThroughputRatios: number[];
  roundP99Ratios: number[];
  /** 200 deliveries in the whole scenario, warm-up included: each one a unit gone from stock. */
  unitsDelivered: number;
}

export interface DrainResult {
  database: DatabaseTarget["kind"];
  delivered: number;
  refused: number;
  finalQuantity: number;
  seconds: number;
}

export interface DeliveriesResults {
  scenarios: DeliveryScenarioResult[];
  drains: DrainResult[];
}

/** The stock or its ledger disagrees with the answers the clients got. */
export class ExactnessError extends Error {
  override name = "ExactnessError";
  constructor(problem: string) {
    super(`EXACTNESS CHECK FAILED: ${problem}`);
  }
}

/**
 * For each database, on one app server: deliveries to one bike and to many, each against reads
 * of the same bikes, then a drain. After each, the stock must account for every 200.
 */
export async function runDeliveriesBench(
  databases: DatabaseTarget[],
  settings: LoadSettings,
  progress: (message: string) => void,
): Promise<DeliveriesResults> {
  const results: DeliveriesResults = { scenarios: [], drains: [] };
  for (const database of databases) {
    await withAppServer(database, progress, async (session) => {
      const kind = database.kind;
      const scenario = (name: string, ids: string[]) => {
        progress(`${kind}: deliveries, ${name}`);
        return measureScenario(session, ids, settings).then((figures) =>
          results.scenarios.push({ database: kind, scenario: name, bikes: ids.length, ...figures }),
        );
      };
      await scenario("one bike", [await addBike(session, "Bench one", STARTING_QUANTITY)]);
      const many: string[] = [];
      for (let index = 0; index < MANY_BIKES; index++) {
        many.push(await addBike(session, `Bench many ${index + 1}`, STARTING_QUANTITY));
      }
      await scenario(`${MANY_BIKES} bikes`, many);
      progress(`${kind}: drain`);
      results.drains.push({ database: kind, ...(await drain(session)) });
    });
  }
  return results;
}

/** The real app in a child process, on a fresh empty database, with one signed-up user. */
async function withAppServer(
  database: DatabaseTarget,
  progress: (message: string) => void,
  use: (session: Session) => Promise<void>,
): Promise<void> {
  await withTempDir("ultimate-bikes-deliveries-", async (dataDir) => {
    let scratch: ScratchDatabase | undefined;
    let server: ChildServer | undefined;
    try {
      if (database.kind === "postgres")
        scratch = await createScratchDatabase(database.adminUrl, "ub_bench");
      progress(`${database.kind}: starting the app (fresh, empty database)`);
      const variables: Record<string, string> = { SEED: "off", PUBLIC_URL: BENCH_PUBLIC_URL };
      if (scratch) variables.DATABASE_URL = scratch.url;
      server = await startChildServer(appServerScript, appEnv(dataDir, variables), "app");
      await use(await signUp(server.origin, BENCH_PUBLIC_URL));
    } finally {
      await server?.stop();
      await scratch?.drop();
    }
  });
}

/**
 * One kind of request on the scenario's bikes: what it was answered, and at what pace. Each run
 * sends a fixed number of requests (see countedLoad), so a stretch of time becomes as many runs
 * as it takes, each sized from the pace of the one before.
 */
class Side {
  readonly statusCounts: StatusCounts[];
  /** The measured runs, round by round. */
  readonly rounds: LoadSample[][] = [];
  readonly targets: Target[];
  private readonly origin: string;
  private readonly connections: number;
  private requestsPerSecond: number | undefined;

  constructor(origin: string, targets: Target[], connections: number) {
    this.origin = origin;
    this.targets = targets;
    this.connections = connections;
    this.statusCounts = targets.map(() => new Map());
  }

  warmUp(seconds: number): Promise<LoadSample[]> {
    return this.runFor(seconds);
  }

  async measure(seconds: number): Promise<LoadFigures> {
    const samples = await this.runFor(seconds);
    this.rounds.push(samples);
    return summarize(samples);
  }

  figures(): LoadFigures {
    return summarize(this.rounds.flat());
  }

  /** Runs until about `seconds` have passed: it stops once less than a fifth is left. */
  private async runFor(seconds: number): Promise<LoadSample[]> {
    const samples: LoadSample[] = [];
    let elapsed = 0;
    while (seconds - elapsed > seconds / 5 && samples.length < MAX_RUNS_PER_STRETCH) {
      // Unknown at first: a short burst sets it.
      const amount = this.requestsPerSecond
        ? Math.round(this.requestsPerSecond * (seconds - elapsed))
        : this.connections * CALIBRATION_REQUESTS_PER_CONNECTION;
      const sample = await this.run(Math.max(this.connections, amount));
      samples.push(sample);
      elapsed += sample.durationSeconds;
    }
    return samples;
  }

  private async run(amount: number): Promise<LoadSample> {
    const sample = await countedLoad(this.origin, this.targets, this.connections, amount);
    sample.statusCounts.forEach((counts, index) => {
      const total = this.statusCounts[index]!;
      for (const [status, count] of counts) total.set(status, (total.get(status) ?? 0) + count);
    });
    // Anything but 200 is a failure here; stop at once rather than build figures on it.
    if (countOf(sample.statusCounts, 200) !== amount) {
      throw new Error(`expected only 200s, got ${describeStatuses(sample.statusCounts)}`);
    }
    this.requestsPerSecond = amount / sample.durationSeconds;
    return sample;
  }
}

/**
 * Warms both sides up, then alternates them round by round (reads first, then deliveries first,
 * and so on) so load from other processes falls on both alike. Then checks the stock.
 */
async function measureScenario(
  session: Session,
  ids: string[],
  { connections, warmupSeconds, durationSeconds, rounds }: LoadSettings,
) {
  const { origin, cookie } = session;
  const reads = new Side(
    origin,
    ids.map((id) => ({ method: "GET", path: `/api/bikes/${id}` })),
    connections,
  );
  const deliveries = new Side(
    origin,
    ids.map((id) => ({ method: "POST", path: `/api/bikes/${id}/deliveries`, headers: { cookie } })),
    connections,
  );
  for (const side of [reads, deliveries]) await side.warmUp(warmupSeconds);
  const roundSeconds = durationSeconds / rounds;
  const perRound: { reads: LoadFigures; deliveries: LoadFigures }[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      const readFigures = await reads.measure(roundSeconds);
      perRound.push({ reads: readFigures, deliveries: await deliveries.measure(roundSeconds) });
    } else {
      const deliveryFigures = await deliveries.measure(roundSeconds);
      perRound.push({ deliveries: deliveryFigures, reads: await reads.measure(roundSeconds) });
    }
  }

  const delivered = deliveries.statusCounts.map((counts) => counts.get(200) ?? 0);
  await checkStock(session, ids, STARTING_QUANTITY, delivered);
  return {
    deliveries: deliveries.figures(),
    reads: reads.figures(),
    roundThroughputRatios: perRound.map(
      (round) => round.deliveries.requestsPerSecond / round.reads.requestsPerSecond,
    ),
    roundP99Ratios: perRound.map((round) => round.deliveries.p99Ms / round.reads.p99Ms),
    unitsDelivered: delivered.reduce((total, count) => total + count, 0),
  };
}

/**
 * 2,000 deliveries from 20 connections at once on a stock of 500: exactly 500 may succeed and
 * the stock must end at 0, never below.
 */
async function drain(session: Session): Promise<Omit<DrainResult, "database">> {
  const id = await addBike(session, "Bench drain", DRAIN.stock);
  const target: Target = {
    method: "POST",
    path: `/api/bikes/${id}/deliveries`,
    headers: { cookie: session.cookie },
  };
  const sample = await countedLoad(session.origin, [target], DRAIN.connections, DRAIN.requests);
  const delivered = countOf(sample.statusCounts, 200);
  const refused = countOf(sample.statusCounts, 409);
  if (delivered !== DRAIN.stock || refused !== DRAIN.requests - DRAIN.stock) {
    throw new ExactnessError(
      `drain of a stock of ${DRAIN.stock} by ${DRAIN.requests} deliveries answered ` +
        `${describeStatuses(sample.statusCounts)}; expected 200 × ${DRAIN.stock}, ` +
        `409 × ${DRAIN.requests - DRAIN.stock}`,
    );
  }
  await checkStock(session, [id], DRAIN.stock, [delivered]);
  return { delivered, refused, finalQuantity: 0, seconds: sample.durationSeconds };
}

/**
 * Each bike must have lost exactly as many units as it got 200 deliveries, and its ledger must
 * end in that many single-unit deliveries counting down to the quantity now (the ledger lists at
 * most 200 entries, so the totals are checked through the quantities).
 */
async function checkStock(
  session: Session,
  ids: string[],
  startingQuantity: number,
  delivered: number[],
): Promise<void> {
  for (const [index, id] of ids.entries()) {
    const expected = delivered[index] ?? 0;
    const quantity = await quantityOf(session.origin, id);
    if (startingQuantity - quantity !== expected) {
      throw new ExactnessError(
        `bike ${id} went from ${startingQuantity} to ${quantity} units ` +
          `(${startingQuantity - quantity} gone) but ${expected} deliveries were answered 200`,
      );
    }
    const newest = await movementsOf(session, id, 200);
    // Newest first: `expected` deliveries, then (if the 200 reach that far) the bike's creation.
    const shown = Math.min(expected + 1, 200);
    if (newest.length !== shown) {
      throw new ExactnessError(
        `bike ${id}: the ledger shows ${newest.length} entries, not ${shown}`,
      );
    }
    for (const [position, movement] of newest.entries()) {
      const { kind, delta, quantityAfter } = movement;
      const fine =
        position < expected
          ? kind === "deliver" && delta === -1 && quantityAfter === quantity + position
          : kind === "create" && quantityAfter === startingQuantity;
      if (!fine) {
        throw new ExactnessError(
          `bike ${id}: ledger entry ${position} from the newest is ${JSON.stringify(movement)}`,
        );
      }
    }
  }
}
