import { QUANTITY_MAX } from "@ultimate-bikes/contract/bikes";
import { withAppServer } from "./app-server.ts";
import {
  addCounts,
  alternatingRounds,
  countedLoad,
  countOf,
  describeStatuses,
  type Comparison,
  type LoadSample,
  type StatusCounts,
  type Target,
} from "./load.ts";
import type { BenchOptions, DatabaseTarget } from "./options.ts";
import {
  addBike,
  BENCH_PUBLIC_URL,
  ExactnessError,
  quantityOf,
  signUp,
  type Session,
} from "./stock-api.ts";

export type DeliveriesSettings = Pick<BenchOptions, "connections" | "rounds" | "deliveries">;

/** Room for any run's deliveries: every bike starts as full as a bike may be. */
const STARTING_QUANTITY = QUANTITY_MAX;
const MANY_BIKES = 20;
/** The drain: more deliveries than stock, on one bike, from more connections than the pool. */
export const DRAIN = { stock: 500, connections: 20, requests: 2_000 } as const;

/** Deliveries (subject) against reads of the same bikes (baseline). */
export interface DeliveryScenarioResult extends Comparison {
  database: DatabaseTarget["kind"];
  scenario: string;
  /** 200 deliveries in the whole scenario, warm-up included: each one a unit gone from stock. */
  unitsDelivered: number;
}

export interface DrainResult {
  database: DatabaseTarget["kind"];
  delivered: number;
  refused: number;
  seconds: number;
}

export interface DeliveriesResults {
  scenarios: DeliveryScenarioResult[];
  drains: DrainResult[];
}

/**
 * For each database, on one app server: deliveries to one bike and to many, each against reads
 * of the same bikes, then a drain. After each, the stock must account for every 200.
 */
export async function runDeliveriesBench(
  databases: DatabaseTarget[],
  settings: DeliveriesSettings,
  progress: (message: string) => void,
): Promise<DeliveriesResults> {
  const results: DeliveriesResults = { scenarios: [], drains: [] };
  for (const database of databases) {
    const kind = database.kind;
    progress(`${kind}: starting the app (fresh, empty database)`);
    const variables = { SEED: "off", PUBLIC_URL: BENCH_PUBLIC_URL };
    await withAppServer(database, variables, async (app) => {
      const session = await signUp(app.origin);
      const scenario = async (name: string, ids: string[]) => {
        progress(`${kind}: deliveries, ${name}`);
        const figures = await measureScenario(session, ids, settings);
        results.scenarios.push({ database: kind, scenario: name, ...figures });
      };
      await scenario("one bike", [await addBike(session, "Bench one", STARTING_QUANTITY)]);
      const many: string[] = [];
      for (let index = 1; index <= MANY_BIKES; index++) {
        many.push(await addBike(session, `Bench many ${index}`, STARTING_QUANTITY));
      }
      await scenario(`${MANY_BIKES} bikes`, many);
      progress(`${kind}: drain`);
      results.drains.push({ database: kind, ...(await drain(session)) });
    });
  }
  return results;
}

/**
 * One round's worth of each side as warm-up, then the rounds, each a fixed count of requests
 * spread over the bikes; then the stock must have lost exactly the answered deliveries.
 */
async function measureScenario(
  session: Session,
  ids: string[],
  { connections, rounds, deliveries }: DeliveriesSettings,
): Promise<Omit<DeliveryScenarioResult, "database" | "scenario">> {
  const perRound = Math.ceil(deliveries / rounds);
  const side = (targets: Target[]) => {
    const answered: StatusCounts[] = targets.map(() => new Map());
    const run = async (): Promise<LoadSample> => {
      const sample = await countedLoad(session.origin, targets, connections, perRound);
      sample.statusCounts.forEach((counts, index) => addCounts(answered[index]!, counts));
      // Anything but 200 is a failure here; stop at once rather than build figures on it.
      if (countOf(sample.statusCounts, 200) !== perRound) {
        throw new Error(`expected only 200s, got ${describeStatuses(sample.statusCounts)}`);
      }
      return sample;
    };
    return { answered, run };
  };
  const reads = side(ids.map((id) => ({ method: "GET", path: `/api/bikes/${id}` })));
  const headers = { cookie: session.cookie };
  const writes = side(
    ids.map((id) => ({ method: "POST", path: `/api/bikes/${id}/deliveries`, headers })),
  );
  await reads.run();
  await writes.run();
  const comparison = await alternatingRounds(rounds, reads.run, writes.run);

  const delivered = writes.answered.map((counts) => counts.get(200) ?? 0);
  for (const [index, id] of ids.entries()) {
    await expectQuantity(session, id, STARTING_QUANTITY - delivered[index]!, delivered[index]!);
  }
  return { ...comparison, unitsDelivered: delivered.reduce((total, count) => total + count, 0) };
}

/**
 * 2,000 deliveries from 20 connections at once on a stock of 500: exactly 500 may succeed, the
 * rest must be refused as out of stock, and the stock must end at 0, never below.
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
  await expectQuantity(session, id, 0, delivered);
  return { delivered, refused, seconds: sample.durationSeconds };
}

async function expectQuantity(
  session: Session,
  id: string,
  expected: number,
  delivered: number,
): Promise<void> {
  const quantity = await quantityOf(session.origin, id);
  if (quantity !== expected) {
    throw new ExactnessError(
      `bike ${id} holds ${quantity} units, not ${expected}, after ${delivered} deliveries ` +
        "answered 200",
    );
  }
}
