import { QUANTITY_MAX } from "@ultimate-bikes/contract/bikes";
import { STOCK_EVENTS_PATH } from "@ultimate-bikes/contract/stock-events";
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { childEnv } from "../support/child-env.ts";
import { stillRunning } from "../support/watchdog.ts";
import { withAppServer } from "./app-server.ts";
import {
  alternatingRounds,
  countedLoad,
  countOf,
  describeStatuses,
  type Comparison,
  type LoadSample,
  type Target,
} from "./load.ts";
import type { BenchOptions, DatabaseTarget } from "./options.ts";
import { addBike, BENCH_PUBLIC_URL, ExactnessError, quantityOf, signUp } from "./stock-api.ts";

/**
 * Issue 20: do open live stock streams slow the writes down? Deliveries with no stream open
 * (baseline) against deliveries while every stream is open (subject), in alternating rounds on
 * one server. The streams come from many loopback addresses, as many clients, each address
 * holding as many as the per-client limit allows.
 */

export type IdleStreamsSettings = Pick<
  BenchOptions,
  "connections" | "rounds" | "deliveries" | "subscribers"
>;

/** Streams per address: EVENT_STREAMS_PER_CLIENT's default, which the server runs with. */
export const STREAMS_PER_ADDRESS = 20;
const BIKES = 20;
/** Room for every delivery of a run: none is refused as out of stock. */
const STARTING_QUANTITY = QUANTITY_MAX;
/** After the streams are closed, the server's side of them has this long to go too. */
const SETTLE_MS = 1_000;

/** Parent to child (bench/support/idle-streams.ts). */
export type IdleCommand =
  | { type: "open"; url: string; addresses: string[]; perAddress: number }
  /** One more stream from `address`, closed at once: its status. */
  | { type: "probe"; url: string; address: string }
  | { type: "close" };

/** Child to parent: one answer per command. */
export type IdleReport =
  | { type: "opened"; open: number }
  | { type: "probed"; status: number }
  | { type: "closed"; endedByServer: number }
  | { type: "failed"; message: string };

export interface IdleStreamsResult extends Comparison {
  database: DatabaseTarget["kind"];
  streams: number;
  addresses: number;
  /** The status of one stream more from an address that holds its limit already. */
  oneMoreStatus: number;
  /** Streams the server closed while they were held, over all rounds (none should be). */
  endedByServer: number;
  /** Milliseconds to open every stream and see its `ready`, slowest round. */
  openMs: number;
}

/** 127.0.0.1, 127.0.0.2, …: all of 127.0.0.0/8 reaches the loopback interface on Linux. */
const loopbackAddresses = (count: number) =>
  Array.from({ length: count }, (_, index) => `127.0.0.${index + 1}`);

/** The child holding the streams, asked one thing at a time. */
function startStreamHolder() {
  const child: ChildProcess = fork(path.join(import.meta.dirname, "../support/idle-streams.ts"), {
    env: childEnv({}),
    serialization: "advanced",
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const ask = (command: IdleCommand): Promise<IdleReport> =>
    new Promise((resolve, reject) => {
      const onExit = () => reject(new Error("the stream-holding process ended"));
      child.once("exit", onExit);
      child.once("message", (report: IdleReport) => {
        child.removeListener("exit", onExit);
        stillRunning();
        if (report.type === "failed") reject(new Error(`streams: ${report.message}`));
        else resolve(report);
      });
      child.send(command);
    });
  return {
    ask,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.disconnect();
      }),
  };
}

/**
 * For each database, one app server (SEED off, EVENT_STREAMS_PER_CLIENT=20) with 20 full bikes:
 * a round's worth of deliveries as warm-up, then `rounds` alternating rounds of deliveries with
 * no stream open and with `subscribers` streams open; then the stock must account for every 200.
 */
export async function runIdleStreamsBench(
  databases: DatabaseTarget[],
  settings: IdleStreamsSettings,
  progress: (message: string) => void,
): Promise<IdleStreamsResult[]> {
  const results: IdleStreamsResult[] = [];
  const addresses = loopbackAddresses(Math.ceil(settings.subscribers / STREAMS_PER_ADDRESS));
  for (const database of databases) {
    const kind = database.kind;
    progress(`${kind}: starting the app (fresh, empty database)`);
    const variables = {
      SEED: "off",
      PUBLIC_URL: BENCH_PUBLIC_URL,
      EVENT_STREAMS_PER_CLIENT: String(STREAMS_PER_ADDRESS),
    };
    await withAppServer(database, variables, async (app) => {
      const session = await signUp(app.origin);
      const ids: string[] = [];
      for (let index = 1; index <= BIKES; index++) {
        ids.push(await addBike(session, `Streams bench ${index}`, STARTING_QUANTITY));
      }
      const url = `${app.origin}/api${STOCK_EVENTS_PATH}`;
      const holder = startStreamHolder();
      try {
        const perRound = Math.ceil(settings.deliveries / settings.rounds);
        const headers = { cookie: session.cookie };
        const targets: Target[] = ids.map((id) => ({
          method: "POST",
          path: `/api/bikes/${id}/deliveries`,
          headers,
        }));
        const delivered = new Map<string, number>();
        const deliveries = async (): Promise<LoadSample> => {
          const sample = await countedLoad(app.origin, targets, settings.connections, perRound);
          if (countOf(sample.statusCounts, 200) !== perRound) {
            throw new Error(`expected only 200s, got ${describeStatuses(sample.statusCounts)}`);
          }
          sample.statusCounts.forEach((counts, index) => {
            const id = ids[index]!;
            delivered.set(id, (delivered.get(id) ?? 0) + (counts.get(200) ?? 0));
          });
          return sample;
        };
        let endedByServer = 0;
        let openMs = 0;
        let oneMoreStatus = 0;
        const withStreams = async (): Promise<LoadSample> => {
          progress(
            `${kind}: opening ${settings.subscribers} streams from ${addresses.length} addresses`,
          );
          const startedAt = performance.now();
          await holder.ask({ type: "open", url, addresses, perAddress: STREAMS_PER_ADDRESS });
          openMs = Math.max(openMs, performance.now() - startedAt);
          const probe = await holder.ask({ type: "probe", url, address: addresses[0]! });
          if (probe.type === "probed") oneMoreStatus = probe.status;
          progress(`${kind}: ${perRound} deliveries with the streams open`);
          const sample = await deliveries();
          const closed = await holder.ask({ type: "close" });
          if (closed.type === "closed") endedByServer += closed.endedByServer;
          await sleep(SETTLE_MS);
          return sample;
        };
        const withoutStreams = async (): Promise<LoadSample> => {
          progress(`${kind}: ${perRound} deliveries with no stream open`);
          return deliveries();
        };
        progress(`${kind}: warm-up`);
        await deliveries();
        const comparison = await alternatingRounds(settings.rounds, withoutStreams, withStreams);
        for (const id of ids) {
          const quantity = await quantityOf(app.origin, id);
          const expected = STARTING_QUANTITY - (delivered.get(id) ?? 0);
          if (quantity !== expected) {
            throw new ExactnessError(`bike ${id} holds ${quantity} units, not ${expected}`);
          }
        }
        results.push({
          database: kind,
          streams: addresses.length * STREAMS_PER_ADDRESS,
          addresses: addresses.length,
          oneMoreStatus,
          endedByServer,
          openMs,
          ...comparison,
        });
      } finally {
        await holder.stop();
      }
    });
  }
  return results;
}

const ratio = (value: number) => `${value.toFixed(2)}×`;
const range = (values: number[]) =>
  `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;

export function idleStreamsReport(
  results: IdleStreamsResult[],
  { connections, rounds, deliveries }: IdleStreamsSettings,
): string {
  const header = [
    "Database",
    "Streams (addresses)",
    "Deliveries/s with ÷ without (rounds)",
    "p99 with ÷ without (rounds)",
    "Deliveries/s without, with",
    "p99 without, with",
    "One stream more",
    "Dropped",
  ];
  const rows = results.map((result) => [
    result.database,
    `${result.streams.toLocaleString("en-US")} (${result.addresses})`,
    `${ratio(result.subject.requestsPerSecond / result.baseline.requestsPerSecond)} (${range(result.roundThroughputRatios)})`,
    `${ratio(result.subject.p99Ms / result.baseline.p99Ms)} (${range(result.roundP99Ratios)})`,
    `${Math.round(result.baseline.requestsPerSecond)}, ${Math.round(result.subject.requestsPerSecond)}`,
    `${result.baseline.p99Ms.toFixed(1)} ms, ${result.subject.p99Ms.toFixed(1)} ms`,
    String(result.oneMoreStatus),
    String(result.endedByServer),
  ]);
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [
    `${deliveries.toLocaleString("en-US")} deliveries per side over ${rounds} alternating ` +
      `rounds, ${connections} connections, 20 bikes; streams opened before and closed after ` +
      "each round with them. Opening them took at most " +
      results.map((result) => `${(result.openMs / 1000).toFixed(1)} s`).join(" / ") +
      ".",
    "",
    line(header),
    line(header.map(() => "---")),
    ...rows.map(line),
  ].join("\n");
}
