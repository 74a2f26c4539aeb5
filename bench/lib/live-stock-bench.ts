// Over 300 lines: one benchmark, live stock delays against a bare SSE server and the ramp of event rates, sharing their servers, subscribers, CPU readings and checks.
import { QUANTITY_MAX } from "@ultimate-bikes/contract/bikes";
import {
  parseEventData,
  STOCK_EVENTS_PATH,
  stockEventSchema,
} from "@ultimate-bikes/contract/stock-events";
import { createScratchDatabase } from "@ultimate-bikes/test-support/scratch-postgres";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { appEnv, childEnv } from "../support/child-env.ts";
import { startChildServer, type ChildServer } from "../support/child-server.ts";
import { nowMs } from "../support/live-clock.ts";
import { appServerScript } from "../support/paths.ts";
import { withTempDir } from "../support/temp-dir.ts";
import { withAppServer } from "./app-server.ts";
import {
  SUBSCRIBER_PROCESSES,
  startSubscriberPool,
  type ReceivedEvent,
  type SubscriberPool,
} from "./live-subscriber-pool.ts";
import {
  createWriter,
  pacedWrites,
  type Write,
  type WriteAnswer,
  type Writer,
} from "./live-writer.ts";
import { percentile } from "./load.ts";
import type { BenchOptions, DatabaseTarget } from "./options.ts";
import { addBike, BENCH_PUBLIC_URL, signUp, type Session } from "./stock-api.ts";

export type LiveStockSettings = Pick<
  BenchOptions,
  "subscribers" | "writes" | "rounds" | "durationSeconds"
>;

/** The issue's goals for the delay's p99, to 1,000 subscribers. */
export const LIVE_P99_GOAL_MS = { sqlite: 100, postgres: 250 } as const;
/** Events per second of the ramp, each step `durationSeconds` long; the last is the cap. */
export const RAMP_RATES = [
  25, 50, 75, 100, 150, 200, 300, 400, 600, 800, 1200, 1600, 2400, 3200,
] as const;
/** After the last write of a step is sent, every subscriber must have every event within this. */
export const CATCH_UP_MS = 1_000;
/** The paced writes go one at a time, at most one per this many milliseconds (20 a second). */
export const PACE_MS = 50;
/** A step passes only if its writes went out at no less than this share of its rate. */
export const RAMP_RATE_TOLERANCE = 0.9;
/** After a side's failing step, what it left queued may drain this long before the next step. */
const DRAIN_MS = 10_000;
/** Writes waiting for an answer at once during the ramp: the writers in parallel. */
export const RAMP_WRITERS = 64;
const BIKES = 20;
/** Room for every delivery and every import a run makes: no 409 by design. */
const STARTING_QUANTITY = QUANTITY_MAX / 2;

export type LiveTarget = "bare" | DatabaseTarget["kind"];

/** Delays of one side of a comparison, over all its rounds. */
export interface DelayFigures {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Delays measured: writes × subscribers. */
  samples: number;
  /** The write's own answer, from sending it (median): context. */
  answerP50Ms: number;
  /** One message on the wire, on average. */
  messageBytes: number;
}

/** Paced writes, one at a time, each timed to every subscriber: the app against the bare fan-out. */
export interface LatencyComparison {
  database: DatabaseTarget["kind"];
  /** Where the app's writes go and where its subscribers listen. */
  setup: string;
  app: DelayFigures;
  bare: DelayFigures;
  /** app/bare per round: how far apart the rounds of this run were. */
  roundP50Ratios: number[];
  roundP99Ratios: number[];
}

export interface RampStep {
  rate: number;
  sentPerSecond: number;
  answeredPerSecond: number;
  /** From the step's last write going out until its last answer came back. */
  answeredAfterMs: number;
  /**
   * From the step's last write going out until the last subscriber had every event; when some
   * never did, the time it waited for them.
   */
  catchUpMs: number;
  /** CPU cores busy over the step (its writes and the wait after): context for the limit. */
  cores: { server: number; subscribers: number; writer: number };
  /** Why the step failed; undefined when it passed. */
  problem: string | undefined;
}

export interface RampRun {
  target: LiveTarget;
  steps: RampStep[];
  /** The highest rate that passed, if any did. */
  highestPassing: number | undefined;
}

export interface LiveStockResults {
  latency: LatencyComparison[];
  ramps: RampRun[];
  subscriberProcesses: number;
  warmupWrites: number;
  /** The machine's load average (1, 5, 15 min) as the run started: it is shared. */
  loadAtStart: number[];
}

/** What one server is written to, and how its events are checked against the writes. */
interface Subject {
  target: LiveTarget;
  /** The process that takes the writes and holds the streams (the ramp's server). */
  serverPid: number;
  writeOrigin: string;
  eventsUrl: string;
  write(index: number): Write;
  /** Throws unless `event` is the one `answer` committed. */
  check(index: number, answer: WriteAnswer, event: ReceivedEvent): void;
}

/** A subject with its subscribers connected and its writer, and the writes made so far. */
interface Side {
  subject: Subject;
  pool: SubscriberPool;
  writer: Writer;
  /** Writes answered 200 so far: every stream should have received as many events. */
  written: number;
}

/** Delays, answers and message sizes gathered over a number of paced writes. */
interface DelaySample {
  delaysMs: number[];
  answersMs: number[];
  bytes: number;
}

const bareScript = path.join(import.meta.dirname, "../support/serve-bare-sse.ts");
const warmupOf = (writes: number) => Math.max(10, Math.ceil(writes / 10));

/**
 * For each database, the app against the bare fan-out (one process for the whole run), each with
 * its own subscribers: on SQLite one instance takes the writes and holds the subscribers; on
 * PostgreSQL the writes go to instance A and the subscribers listen on instance B, on the same
 * database. Paced writes, timed to every subscriber, in alternating rounds; then, on SQLite, a
 * ramp of the event rate on the app and on the bare fan-out, in alternating steps, until a
 * subscriber is dropped or falls behind.
 */
export async function runLiveStockBench(
  databases: DatabaseTarget[],
  settings: LiveStockSettings,
  progress: (message: string) => void,
): Promise<LiveStockResults> {
  const results: LiveStockResults = {
    latency: [],
    ramps: [],
    subscriberProcesses: SUBSCRIBER_PROCESSES,
    warmupWrites: warmupOf(settings.writes),
    loadAtStart: os.loadavg(),
  };
  progress("bare fan-out: starting");
  const bare = await startChildServer(bareScript, childEnv({}), "bare fan-out");
  try {
    // Every subscriber connects from 127.0.0.1: one client address, as many streams as asked.
    const variables = {
      SEED: "off",
      PUBLIC_URL: BENCH_PUBLIC_URL,
      EVENT_STREAMS_PER_CLIENT: String(settings.subscribers),
    };
    for (const database of databases) {
      const kind = database.kind;
      const measure = async (app: Subject, setup: string) =>
        withSides([app, bareSubject(bare)], settings, progress, async ([appSide, bareSide]) => {
          const latency = await compareDelays(appSide!, bareSide!, settings, progress);
          results.latency.push({ database: kind, setup, ...latency });
          if (kind !== "sqlite") return;
          results.ramps.push(...(await rampBoth([appSide!, bareSide!], settings, progress)));
        });
      if (kind === "sqlite") {
        progress("sqlite: starting the app (fresh, empty database)");
        await withAppServer(database, variables, async (app) => {
          const { session, ids } = await prepareStock(app);
          await measure(appSubject("sqlite", session, ids, app), "one instance");
        });
      } else {
        progress("postgres: starting two app instances on one fresh database");
        await withTwoAppServers(database.adminUrl, variables, async (a, b) => {
          const { session, ids } = await prepareStock(a);
          const setup = "writes to instance A, subscribers on B";
          await measure(appSubject("postgres", session, ids, b), setup);
        });
      }
    }
  } finally {
    await bare.stop();
  }
  return results;
}

/** Connects each subject's subscribers (one pool each), runs `use`, then closes them all. */
async function withSides<T>(
  subjects: Subject[],
  { subscribers }: LiveStockSettings,
  progress: (message: string) => void,
  use: (sides: Side[]) => Promise<T>,
): Promise<T> {
  const sides: Side[] = [];
  try {
    for (const subject of subjects) {
      const side: Side = {
        subject,
        pool: startSubscriberPool(),
        writer: createWriter(subject.writeOrigin, RAMP_WRITERS),
        written: 0,
      };
      sides.push(side);
      progress(`${subject.target}: opening ${subscribers} streams`);
      await side.pool.connect(subject.eventsUrl, subscribers);
    }
    return await use(sides);
  } finally {
    for (const side of sides) {
      side.writer.close();
      await side.pool.stop();
    }
  }
}

/**
 * Warm-up on each side, then `writes` paced writes per side in `rounds` alternating rounds, the
 * bare fan-out first in even rounds and the app first in odd ones, so load from other processes
 * on a shared machine falls on both alike.
 */
async function compareDelays(
  app: Side,
  bare: Side,
  { writes, rounds }: LiveStockSettings,
  progress: (message: string) => void,
): Promise<Omit<LatencyComparison, "database" | "setup">> {
  const warmup = warmupOf(writes);
  progress(`${app.subject.target}: ${warmup} paced writes of warm-up on each side`);
  await pacedDelays(bare, warmup);
  await pacedDelays(app, warmup);
  const samples = { app: [] as DelaySample[], bare: [] as DelaySample[] };
  for (let round = 0; round < rounds; round++) {
    const count = Math.floor(writes / rounds) + (round < writes % rounds ? 1 : 0);
    progress(`${app.subject.target}: round ${round + 1} of ${rounds}, ${count} writes a side`);
    const order = round % 2 === 0 ? (["bare", "app"] as const) : (["app", "bare"] as const);
    for (const which of order) {
      samples[which].push(await pacedDelays(which === "app" ? app : bare, count));
    }
  }
  const perRound = samples.app.map((sample, round) => ({
    app: delayFigures([sample]),
    bare: delayFigures([samples.bare[round]!]),
  }));
  return {
    app: delayFigures(samples.app),
    bare: delayFigures(samples.bare),
    roundP50Ratios: perRound.map((round) => round.app.p50Ms / round.bare.p50Ms),
    roundP99Ratios: perRound.map((round) => round.app.p99Ms / round.bare.p99Ms),
  };
}

/**
 * `count` writes one at a time, at most one per PACE_MS: each waits for its answer and for its
 * event at every subscriber before the next. t0 is taken just before the write is sent, in this
 * process; t1 by each subscriber's parser, in its own; both on the machine's monotonic clock.
 */
async function pacedDelays(side: Side, count: number): Promise<DelaySample> {
  const { subject, pool, writer } = side;
  const sample: DelaySample = { delaysMs: [], answersMs: [], bytes: 0 };
  pool.record(true);
  for (let done = 0; done < count; done++) {
    const index = side.written;
    const sentAt = nowMs();
    const answer = await writer.post(subject.write(index));
    const answeredAt = nowMs();
    if (answer.status !== 200) {
      throw new Error(`${subject.target}: a write answered ${answer.status}: ${answer.body}`);
    }
    side.written++;
    const event = await pool.nextEvent();
    subject.check(index, answer, event);
    if (pool.closed > 0) throw new Error(`${subject.target}: ${pool.closed} streams ended`);
    for (const receivedAt of event.receivedAtMs) sample.delaysMs.push(receivedAt - sentAt);
    sample.answersMs.push(answeredAt - sentAt);
    sample.bytes += event.bytes;
    const rest = PACE_MS - (nowMs() - sentAt);
    if (rest > 0) await sleep(rest);
  }
  pool.record(false);
  return sample;
}

function delayFigures(samples: DelaySample[]): DelayFigures {
  const delays = samples.flatMap((sample) => sample.delaysMs);
  const answers = samples.flatMap((sample) => sample.answersMs);
  const bytes = samples.reduce((total, sample) => total + sample.bytes, 0);
  return {
    p50Ms: percentile(delays, 0.5),
    p99Ms: percentile(delays, 0.99),
    // A loop, not Math.max(...delays): that many arguments overflow the stack.
    maxMs: delays.reduce((highest, delay) => Math.max(highest, delay), -Infinity),
    samples: delays.length,
    answerP50Ms: percentile(answers, 0.5),
    messageBytes: bytes / answers.length,
  };
}

/**
 * Steps of RAMP_RATES, `durationSeconds` each, on both sides in turn (the bare fan-out first at
 * even steps, the app first at odd ones), so that load from other processes on the shared machine
 * falls on both alike. Each side stops at its first failing step; the ramp ends when both have.
 */
async function rampBoth(
  sides: Side[],
  settings: LiveStockSettings,
  progress: (message: string) => void,
): Promise<RampRun[]> {
  const runs = sides.map((side) => ({ side, steps: [] as RampStep[], going: true }));
  for (const [stepIndex, rate] of RAMP_RATES.entries()) {
    const order = stepIndex % 2 === 0 ? [...runs].reverse() : runs;
    for (const run of order.filter((candidate) => candidate.going)) {
      const step = await rampStep(run.side, rate, settings, progress);
      run.steps.push(step);
      if (step.problem !== undefined) {
        run.going = false;
        // Let what the failed step left queued drain, so that it does not weigh on the other side.
        await run.side.pool.awaitCount(run.side.written, DRAIN_MS);
      }
    }
    if (runs.every((run) => !run.going)) break;
  }
  return runs.map(({ side, steps }) => {
    const passing = steps.filter((step) => step.problem === undefined).map((step) => step.rate);
    return {
      target: side.subject.target,
      steps,
      highestPassing: passing.length > 0 ? Math.max(...passing) : undefined,
    };
  });
}

/**
 * One step: `rate × durationSeconds` writes from RAMP_WRITERS in parallel. It passes when its
 * writes went out at the rate (within RAMP_RATE_TOLERANCE), all answered 200, no stream was
 * closed, and every stream had every event written so far within CATCH_UP_MS of the last write
 * going out (its answer included).
 */
async function rampStep(
  side: Side,
  rate: number,
  { durationSeconds }: LiveStockSettings,
  progress: (message: string) => void,
): Promise<RampStep> {
  const { subject, pool, writer } = side;
  progress(`${subject.target}: ${rate} events/s for ${durationSeconds} s`);
  const first = side.written;
  const cpuAt = cpuSeconds(subject.serverPid, pool.pids);
  const run = await pacedWrites(writer, rate, durationSeconds, RAMP_WRITERS, (index) =>
    subject.write(first + index),
  );
  const ok = run.statuses.get(200) ?? 0;
  if (ok !== run.sent) {
    const seen = [...run.statuses].map(([status, count]) => `${status} × ${count}`).join(", ");
    throw new Error(`${subject.target}: ramp writes answered ${seen}`);
  }
  side.written += ok;
  const answeredAfterMs = run.lastAnsweredAtMs - run.lastSentAtMs;
  const { behind, waitedMs } = await pool.awaitCount(
    side.written,
    Math.max(0, CATCH_UP_MS - answeredAfterMs),
  );
  const catchUpMs = answeredAfterMs + waitedMs;
  const cores = coresBusy(cpuAt, cpuSeconds(subject.serverPid, pool.pids));
  const problems: string[] = [];
  if (pool.closed > 0) problems.push(`${pool.closed} streams dropped`);
  if (answeredAfterMs > CATCH_UP_MS) {
    problems.push(`the last answer came ${(answeredAfterMs / 1000).toFixed(1)} s after`);
  } else if (behind > 0) {
    problems.push(`${behind} streams lacked events ${CATCH_UP_MS / 1000} s after`);
  }
  if (run.sentPerSecond < rate * RAMP_RATE_TOLERANCE) {
    problems.push(`writes went out at ${Math.round(run.sentPerSecond)}/s`);
  }
  const problem = problems.length > 0 ? problems.join("; ") : undefined;
  progress(`${subject.target}: ${rate}/s ${problem ? `failed: ${problem}` : "passed"}`);
  return {
    rate,
    sentPerSecond: run.sentPerSecond,
    answeredPerSecond: run.answeredPerSecond,
    answeredAfterMs,
    catchUpMs,
    cores,
    problem,
  };
}

/**
 * The bare fan-out, published to with a message shaped and sized as the app's: a stock event of
 * a bike named as the app's are (prepareStock), with a random UUID.
 */
function bareSubject(bare: ChildServer): Subject {
  const bikeIds = Array.from({ length: BIKES }, () => randomUUID());
  return {
    target: "bare",
    serverPid: bare.pid,
    writeOrigin: bare.origin,
    eventsUrl: `${bare.origin}/api/stock/events`,
    write: (index) => {
      const deliver = index % 2 === 0;
      const bike = Math.floor(index / 2) % BIKES;
      const event = {
        id: index + 1,
        bikeId: bikeIds[bike],
        name: bikeName(bike),
        kind: deliver ? "deliver" : "import",
        delta: deliver ? -1 : 1,
        quantity: STARTING_QUANTITY - Math.floor(index / 2 / BIKES),
        at: new Date().toISOString(),
      };
      return { path: "/publish", body: JSON.stringify(event) };
    },
    check: (index, answer, event) => {
      const { id } = JSON.parse(answer.body) as { id: number };
      if (event.id !== id) {
        throw new Error(`bare: write ${index + 1} was published as ${id}, received as ${event.id}`);
      }
    },
  };
}

/**
 * The app: deliveries and imports of one unit in turn, spread over the bikes. Each event
 * received must be the movement of the write just answered: its bike, its kind, and the quantity
 * the write answered with.
 */
function appSubject(
  target: LiveTarget,
  session: Session,
  ids: string[],
  subscribedTo: ChildServer,
): Subject {
  const headers = { cookie: session.cookie };
  const importHeaders = { ...headers, "content-type": "application/json" };
  const bikeOf = (index: number) => ids[Math.floor(index / 2) % ids.length]!;
  return {
    target,
    serverPid: subscribedTo.pid,
    writeOrigin: session.origin,
    eventsUrl: `${subscribedTo.origin}/api${STOCK_EVENTS_PATH}`,
    write: (index) =>
      index % 2 === 0
        ? { path: `/api/bikes/${bikeOf(index)}/deliveries`, headers }
        : {
            path: `/api/bikes/${bikeOf(index)}/imports`,
            headers: importHeaders,
            body: JSON.stringify({ amount: 1 }),
          },
    check: (index, answer, received) => {
      const event = parseEventData(stockEventSchema, received.data);
      const { quantity } = JSON.parse(answer.body) as { quantity: number };
      const kind = index % 2 === 0 ? "deliver" : "import";
      if (
        !event ||
        event.bikeId !== bikeOf(index) ||
        event.kind !== kind ||
        event.quantity !== quantity
      ) {
        throw new Error(
          `${target}: write ${index + 1} (${kind} on ${bikeOf(index)}, now ${quantity}) ` +
            `received as ${received.data}`,
        );
      }
    },
  };
}

interface CpuReading {
  atMs: number;
  server: number;
  subscribers: number;
  writer: number;
}

/** CPU seconds used so far by the server, the subscriber processes and this process. */
function cpuSeconds(serverPid: number, subscriberPids: number[]): CpuReading {
  const { user, system } = process.cpuUsage();
  return {
    atMs: nowMs(),
    server: processCpuSeconds(serverPid),
    subscribers: subscriberPids.reduce((total, pid) => total + processCpuSeconds(pid), 0),
    writer: (user + system) / 1e6,
  };
}

function coresBusy(from: CpuReading, to: CpuReading): RampStep["cores"] {
  const seconds = (to.atMs - from.atMs) / 1000;
  return {
    server: (to.server - from.server) / seconds,
    subscribers: (to.subscribers - from.subscribers) / seconds,
    writer: (to.writer - from.writer) / seconds,
  };
}

/** utime + stime from /proc/PID/stat (fields 14 and 15, after the command's parentheses). */
function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Ticks are 1/100 s on Linux (USER_HZ).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const bikeName = (index: number) => `Live bench ${String(index + 1).padStart(2, "0")}`;

/** A signed-in user and BIKES bikes, each half as full as a bike may be. */
async function prepareStock(app: ChildServer): Promise<{ session: Session; ids: string[] }> {
  const session = await signUp(app.origin);
  const ids: string[] = [];
  for (let index = 0; index < BIKES; index++) {
    ids.push(await addBike(session, bikeName(index), STARTING_QUANTITY));
  }
  return { session, ids };
}

/**
 * Two instances of the app, each its own process with its own DATA_DIR, on one scratch
 * PostgreSQL database; they learn of each other's writes through LISTEN/NOTIFY. Afterwards both
 * are stopped, the database dropped and the temporary folder removed.
 */
async function withTwoAppServers<T>(
  adminUrl: string,
  variables: Record<string, string>,
  use: (a: ChildServer, b: ChildServer) => Promise<T>,
): Promise<T> {
  return withTempDir("ultimate-bikes-bench-", async (workDir) => {
    const scratch = await createScratchDatabase(adminUrl, "ub_bench");
    const servers: ChildServer[] = [];
    try {
      for (const name of ["A", "B"]) {
        const env = appEnv(path.join(workDir, `data-${name}`), {
          ...variables,
          DATABASE_URL: scratch.url,
        });
        servers.push(await startChildServer(appServerScript, env, `app ${name}`));
      }
      return await use(servers[0]!, servers[1]!);
    } finally {
      for (const server of servers.reverse()) await server.stop();
      await scratch.drop();
    }
  });
}
