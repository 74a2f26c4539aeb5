import { withAppServer } from "./app-server.ts";
import type { DatabaseTarget } from "./options.ts";
import {
  addBike,
  BENCH_PUBLIC_URL,
  ExactnessError,
  quantityOf,
  signUp,
  type Session,
} from "./stock-api.ts";

/** Lines on the transfer whose send is timed (issue 23's figure). */
export const TRANSFER_LINES = 20;

export interface TransferSendResult {
  database: DatabaseTarget["kind"];
  /** Timed requests per side. */
  requests: number;
  /** Milliseconds, one request at a time: delivering one unit (the baseline). */
  delivery: Latencies;
  /** Milliseconds, one request at a time: sending a 20-line transfer of one unit a line. */
  send: Latencies;
}

export interface Latencies {
  median: number;
  p95: number;
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

function latencies(samples: readonly number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
}

async function post(session: Session, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(new URL(path, session.origin), {
    method: "POST",
    headers: {
      cookie: session.cookie,
      origin: BENCH_PUBLIC_URL,
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 200 && response.status !== 201) {
    throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  }
  return response.json();
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/**
 * For each database, on one app server with an empty stock: 20 bikes at the main warehouse, then
 * rounds that alternate a delivery of one unit (baseline) with the send of a 20-line transfer
 * from the main warehouse to a showroom (subject), one request at a time, so each figure is a
 * request's own time. The draft is made before its send is timed. At the end the main warehouse
 * and the units in transit must account for every answer.
 */
export async function runTransfersBench(
  databases: DatabaseTarget[],
  { rounds, requests }: { rounds: number; requests: number },
  progress: (message: string) => void,
): Promise<TransferSendResult[]> {
  const results: TransferSendResult[] = [];
  for (const database of databases) {
    const kind = database.kind;
    progress(`${kind}: starting the app (fresh, empty database)`);
    await withAppServer(database, { SEED: "off", PUBLIC_URL: BENCH_PUBLIC_URL }, async (app) => {
      const session = await signUp(app.origin);
      const starting = 100_000;
      const bikes: string[] = [];
      for (let index = 1; index <= TRANSFER_LINES; index++) {
        bikes.push(await addBike(session, `Bench transfer ${index}`, starting));
      }
      const destination = await showroom(session);
      const deliveries: number[] = [];
      const sends: number[] = [];
      const perRound = Math.ceil(requests / rounds);
      const deliver = () => post(session, `/api/bikes/${bikes[0]}/deliveries`, {});
      const send = async () => {
        const draft = (await post(session, "/api/transfers", {
          sourcePlaceId: MAIN_WAREHOUSE,
          destinationPlaceId: destination,
          lines: bikes.map((bikeId) => ({ bikeId, quantity: 1 })),
        })) as { id: string };
        return timed(() => post(session, `/api/transfers/${draft.id}/send`, {}));
      };
      // Warm-up: one round's worth of each, unmeasured.
      for (let index = 0; index < perRound; index++) {
        await deliver();
        await send();
      }
      for (let round = 1; round <= rounds; round++) {
        progress(`${kind}: round ${round} of ${rounds}`);
        for (let index = 0; index < perRound; index++) deliveries.push(await timed(deliver));
        for (let index = 0; index < perRound; index++) sends.push(await send());
      }
      const sent = perRound * (rounds + 1);
      const delivered = perRound * (rounds + 1);
      // Every send moved one unit of each bike into transit; the total stays until it arrives.
      const first = await quantityOf(app.origin, bikes[0]!);
      if (first !== starting - delivered) {
        throw new ExactnessError(`bike 1 holds ${first}, expected ${starting - delivered}`);
      }
      const last = await bikeStock(app.origin, bikes.at(-1)!);
      if (last.inTransit !== sent) {
        throw new ExactnessError(`bike 20 has ${last.inTransit} in transit, expected ${sent}`);
      }
      results.push({
        database: kind,
        requests: perRound * rounds,
        delivery: latencies(deliveries),
        send: latencies(sends),
      });
    });
  }
  return results;
}

const MAIN_WAREHOUSE = "00000000-0000-4000-8000-000000000001";

/** A showroom to send to: the first open place that is not the main warehouse, made if none. */
async function showroom(session: Session): Promise<string> {
  const response = await fetch(new URL("/api/places", session.origin));
  const places = (await response.json()) as { id: string; main: boolean }[];
  const found = places.find((place) => !place.main);
  if (found) return found.id;
  const made = (await post(session, "/api/places", {
    name: "Bench showroom",
    kind: "showroom",
    city: "Khulna",
  })) as { id: string };
  return made.id;
}

async function bikeStock(origin: string, id: string): Promise<{ inTransit: number }> {
  const response = await fetch(new URL(`/api/bikes/${id}`, origin));
  return (await response.json()) as { inTransit: number };
}

export function transfersReport(results: TransferSendResult[]): string {
  const rows = results.map(
    ({ database, requests, delivery, send }) =>
      `| ${database} | ${requests} | ${delivery.median.toFixed(2)} | ${delivery.p95.toFixed(2)} | ${send.median.toFixed(2)} | ${send.p95.toFixed(2)} | ${(send.median / delivery.median).toFixed(2)}× |`,
  );
  return [
    `One request at a time on one app server: a delivery of one unit (baseline) against the send of a ${TRANSFER_LINES}-line transfer (one unit a line), rounds alternating.`,
    "",
    "| database | requests per side | delivery median ms | delivery p95 ms | send median ms | send p95 ms | send / delivery (median) |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}
