import { readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { loadConfig } from "../../apps/server/src/config.ts";
import { seedBulkStock } from "../../apps/server/src/db/bulk-stock.ts";
import type { ChildServer } from "../support/child-server.ts";
import { stillRunning } from "../support/watchdog.ts";
import { withAppServer } from "./app-server.ts";
import {
  importFile,
  IMPORT_ROWS,
  IMPORTS,
  SEEDED_BIKES,
  seededStock,
  untouchedBikes,
} from "./csv-import-file.ts";
import { percentile } from "./load.ts";
import { BENCH_PUBLIC_URL, signUp, type Session } from "./stock-api.ts";

/** Closed loops of `GET /api/bikes/{id}` and of deliveries, side by side with each import. */
const READ_LOOPS = 1;
const DELIVERY_LOOPS = 4;
/** Seconds of the same loops with no import, the run's own baseline (after as much warm-up). */
const BASELINE_SECONDS = 3;
/** Seconds the server idles after the last import before its memory is read again. */
const IDLE_SECONDS = 10;
/** A request with no answer in this long counts as unanswered, as a browser's user would. */
const ANSWER_TIMEOUT_MS = 10_000;
/** Units added to each delivered bike first, so no delivery meets an empty stock. */
const DELIVERY_STOCK = 100_000;

const gcScript = path.join(import.meta.dirname, "../support/gc-on-signal.ts");

/** What the loops saw over one stretch: the import's, or the baseline's with no import. */
export interface LoopFigures {
  reads: number;
  /** Reads answered 200 within ANSWER_TIMEOUT_MS; the percentiles count the others at that. */
  readsAnswered: number;
  readP50Ms: number;
  readP99Ms: number;
  deliveries: number;
  /** Deliveries answered 200 within ANSWER_TIMEOUT_MS. */
  deliveriesAnswered: number;
  deliveryMaxMs: number;
}

export interface ImportRun extends LoopFigures {
  seconds: number;
  /** The server's resident memory right after the import, MiB. */
  rssMiB: number;
}

export interface CsvImportResult {
  baseline: LoopFigures;
  imports: ImportRun[];
  memory: { label: string; rssMiB: number; anonMiB: number }[];
}

/**
 * On SQLite: three imports of IMPORT_ROWS rows (half updates, half new bikes) into a stock of
 * SEEDED_BIKES, each while reads of single bikes and deliveries run in closed loops, against the
 * same loops with no import; and the server's memory before, after the imports, after idling and
 * after a full collection.
 */
export async function runCsvImportBench(
  progress: (message: string) => void,
): Promise<CsvImportResult> {
  return withAppServer(
    { kind: "sqlite" },
    { SEED: "off", PUBLIC_URL: BENCH_PUBLIC_URL },
    (server) => measure(server, progress),
    {
      nodeArgs: ["--expose-gc", "--import", gcScript],
      prepare: async (env) => {
        progress(`seeding ${SEEDED_BIKES.toLocaleString("en-US")} bikes`);
        await seedBulkStock(loadConfig(env).database, SEEDED_BIKES);
      },
    },
  );
}

async function measure(server: ChildServer, progress: (message: string) => void) {
  const session = await signUp(server.origin);
  const stock = seededStock();
  const untouched = untouchedBikes(stock);
  const delivered = untouched.slice(0, 20).map((bike) => bike.id);
  const read = untouched.slice(20, 70).map((bike) => bike.id);
  for (const id of delivered) await restock(session, id);

  progress("warming up");
  await loopsWhile(session, read, delivered, sleep(BASELINE_SECONDS * 1000));
  progress(`the loops with no import, ${BASELINE_SECONDS} s`);
  const baseline = await loopsWhile(session, read, delivered, sleep(BASELINE_SECONDS * 1000));

  const memory: CsvImportResult["memory"] = [];
  const remember = async (label: string) => {
    memory.push({ label, ...memoryOf(server.pid) });
    progress(`${label}: ${memory.at(-1)!.rssMiB} MiB`);
  };
  // Measured as the server is measured at the end: after as long idle, and a full collection.
  await sleep(IDLE_SECONDS * 1000);
  await collectGarbage(server);
  await remember(`before the imports (after ${IDLE_SECONDS} s idle and a full collection)`);

  const imports: ImportRun[] = [];
  for (let round = 0; round < IMPORTS; round++) {
    const csv = importFile(stock, round);
    progress(`import ${round + 1} of ${IMPORTS}: ${IMPORT_ROWS.toLocaleString("en-US")} rows`);
    const startedAt = performance.now();
    const imported = postImport(session, csv).then(() => (performance.now() - startedAt) / 1000);
    const figures = await loopsWhile(session, read, delivered, imported);
    imports.push({ ...figures, seconds: await imported, rssMiB: memoryOf(server.pid).rssMiB });
    progress(`import ${round + 1}: ${imports.at(-1)!.seconds.toFixed(2)} s`);
  }
  await remember(`after ${IMPORTS} imports`);
  await sleep(IDLE_SECONDS * 1000);
  await remember(`after ${IDLE_SECONDS} s idle`);
  await collectGarbage(server);
  await remember("after a full collection");
  return { baseline, imports, memory };
}

/** Runs the loops until `done` settles; what they saw. */
async function loopsWhile(
  session: Session,
  read: string[],
  delivered: string[],
  done: Promise<unknown>,
): Promise<LoopFigures> {
  let running = true;
  const stopped = done.finally(() => (running = false));
  const readLatencies: number[] = [];
  let readsAnswered = 0;
  const deliveries: { ms: number; answered: boolean }[] = [];
  let turn = 0;
  const loop = async (step: () => Promise<void>) => {
    while (running) await step();
  };
  const reads = Array.from({ length: READ_LOOPS }, () =>
    loop(async () => {
      const { ms, status } = await timed(`/api/bikes/${read[turn++ % read.length]}`, session);
      if (status !== 200 && status !== 0) throw new Error(`GET /api/bikes/{id} answered ${status}`);
      if (status === 200) readsAnswered++;
      readLatencies.push(ms);
    }),
  );
  const writes = Array.from({ length: DELIVERY_LOOPS }, () =>
    loop(async () => {
      const id = delivered[turn++ % delivered.length]!;
      const { ms, status } = await timed(`/api/bikes/${id}/deliveries`, session, "POST");
      deliveries.push({ ms, answered: status === 200 });
    }),
  );
  await Promise.all([stopped, ...reads, ...writes]);
  return {
    reads: readLatencies.length,
    readsAnswered,
    readP50Ms: percentile(readLatencies, 0.5),
    readP99Ms: percentile(readLatencies, 0.99),
    deliveries: deliveries.length,
    deliveriesAnswered: deliveries.filter((delivery) => delivery.answered).length,
    deliveryMaxMs: Math.max(...deliveries.map((delivery) => delivery.ms)),
  };
}

/** One request's time to its whole answer; a status of 0 when none came in time. */
async function timed(urlPath: string, session: Session, method = "GET") {
  const startedAt = performance.now();
  let status = 0;
  try {
    const response = await fetch(new URL(urlPath, session.origin), {
      method,
      headers: method === "GET" ? {} : { cookie: session.cookie },
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    status = response.status;
  } catch (error) {
    if (!(error instanceof Error && error.name === "TimeoutError")) throw error;
  }
  stillRunning();
  return { ms: performance.now() - startedAt, status };
}

async function postImport(session: Session, csv: string) {
  const response = await fetch(new URL("/api/stock/imports", session.origin), {
    method: "POST",
    headers: { cookie: session.cookie, "content-type": "text/csv" },
    body: csv,
    signal: AbortSignal.timeout(120_000),
  });
  const body = await response.text();
  const expected = { created: IMPORT_ROWS / 2, updated: IMPORT_ROWS / 2, unchanged: 0 };
  if (response.status !== 200 || body !== JSON.stringify(expected)) {
    throw new Error(`POST /api/stock/imports answered ${response.status}: ${body.slice(0, 300)}`);
  }
}

async function restock(session: Session, id: string) {
  const response = await fetch(new URL(`/api/bikes/${id}/imports`, session.origin), {
    method: "POST",
    headers: { cookie: session.cookie, "content-type": "application/json" },
    body: JSON.stringify({ amount: DELIVERY_STOCK }),
  });
  if (response.status !== 200) throw new Error(`restocking ${id} answered ${response.status}`);
}

/** A full collection in the server (gc-on-signal.ts), and a moment for it to finish. */
async function collectGarbage(server: ChildServer) {
  process.kill(server.pid, "SIGUSR2");
  await sleep(1000);
}

/** The server's resident memory, and the part of it that is not a mapped file, in MiB. */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mib = (field: string) =>
    Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) / 1024);
  return { rssMiB: mib("VmRSS"), anonMiB: mib("RssAnon") };
}

const ms = (value: number) => value.toFixed(1);

/** The markdown report. */
export function csvImportReport({ baseline, imports, memory }: CsvImportResult): string {
  const row = (label: string, figures: LoopFigures, seconds?: number) =>
    `| ${label} | ${seconds === undefined ? "–" : seconds.toFixed(2)} | ` +
    `${figures.readsAnswered} of ${figures.reads} | ` +
    `${ms(figures.readP50Ms)} | ${ms(figures.readP99Ms)} | ` +
    `${(figures.readP50Ms / baseline.readP50Ms).toFixed(2)} / ` +
    `${(figures.readP99Ms / baseline.readP99Ms).toFixed(2)} | ` +
    `${figures.deliveriesAnswered} of ${figures.deliveries} | ${ms(figures.deliveryMaxMs)} |`;
  const first = memory[0]!.rssMiB;
  return [
    `${IMPORTS} imports of ${IMPORT_ROWS.toLocaleString("en-US")} rows (half updates, half new ` +
      `bikes) into ${SEEDED_BIKES.toLocaleString("en-US")} bikes on SQLite. Beside each, closed ` +
      `loops: ${READ_LOOPS} of GET /api/bikes/{id}, ${DELIVERY_LOOPS} of deliveries; an answer ` +
      `that takes over ${ANSWER_TIMEOUT_MS / 1000} s counts as none. "No import": the same loops ` +
      `for ${BASELINE_SECONDS} s before the imports.`,
    "",
    "| stretch | import s | reads answered | read p50 ms | read p99 ms | p50 / p99 ÷ no import | deliveries answered | delivery max ms |",
    "|---|--:|--:|--:|--:|--:|--:|--:|",
    row("no import", baseline),
    ...imports.map((run, index) => row(`import ${index + 1}`, run, run.seconds)),
    "",
    "| server memory | RSS MiB | ÷ before | not file-backed MiB |",
    "|---|--:|--:|--:|",
    ...memory.map(
      ({ label, rssMiB, anonMiB }) =>
        `| ${label} | ${rssMiB} | ${(rssMiB / first).toFixed(2)} | ${anonMiB} |`,
    ),
  ].join("\n");
}
