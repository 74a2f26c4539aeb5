/**
 * Every benchmark, one entry point: `npx node bench/cli.ts COMMAND [options]` (`--help` lists
 * them). Prints a markdown report on stdout and progress on stderr; exits non-zero when a run
 * fails, a check fails or the watchdog ends a stalled run.
 */
import { measureBundleSizes } from "./lib/bundle-size-bench.ts";
import { measureColdStarts } from "./lib/cold-start-bench.ts";
import { csvImportReport, runCsvImportBench } from "./lib/csv-import-bench.ts";
import { runDeliveriesBench } from "./lib/deliveries-bench.ts";
import { idleStreamsReport, runIdleStreamsBench } from "./lib/idle-streams-bench.ts";
import { runInstancesBench } from "./lib/instances-bench.ts";
import { runLighthouseBench } from "./lib/lighthouse-bench.ts";
import { runLiveStockBench } from "./lib/live-stock-bench.ts";
import { parseOptions, SetupError, usage, type BenchOptions, type Command } from "./lib/options.ts";
import { runReadApiBench } from "./lib/read-api-bench.ts";
import { runScaleBench } from "./lib/scale-bench.ts";
import { runTransfersBench, transfersReport } from "./lib/transfers-bench.ts";
import { runUnitsBench } from "./lib/units-bench.ts";
import { unitsReport } from "./lib/units-report.ts";
import {
  bundleReport,
  coldStartReport,
  deliveriesReport,
  instancesReport,
  lighthouseReport,
  liveStockReport,
  machineSummary,
  readApiReport,
  scaleReport,
  soakReport,
} from "./lib/report.ts";
import { runSoak } from "./lib/soak-bench.ts";
import { startWatchdog, stillRunning } from "./support/watchdog.ts";

/** A titled part of the report. */
type Section = [title: string, body: string];

const progress = (message: string) => {
  stillRunning();
  console.error(`… ${message}`);
};

const run: Record<Exclude<Command, "all">, (options: BenchOptions) => Promise<Section>> = {
  "read-api": async (options) => {
    const comparisons = await runReadApiBench(options.databases, options, progress);
    return ["Read API", readApiReport(comparisons, options)];
  },
  deliveries: async (options) => {
    const results = await runDeliveriesBench(options.databases, options, progress);
    return ["Deliveries under contention", deliveriesReport(results, options)];
  },
  bundle: async (options) => {
    progress("measuring the home page bundle");
    return ["Home page bundle", bundleReport(await measureBundleSizes(options.webDistDir))];
  },
  soak: async (options) => {
    const startedAt = Date.now();
    const result = await runSoak(options, progress);
    return ["Runtime soak", soakReport(result, options, (Date.now() - startedAt) / 1000)];
  },
  "cold-start": async (options) => {
    const results = await measureColdStarts(options.rounds, progress);
    return ["Server cold start", coldStartReport(results)];
  },
  scale: async (options) => {
    const runs = await runScaleBench(options.databases, options, progress);
    return ["Stock at warehouse scale", scaleReport(runs, options)];
  },
  "live-stock": async (options) => {
    const results = await runLiveStockBench(options.databases, options, progress);
    return ["Live stock", liveStockReport(results, options)];
  },
  streams: async (options) => {
    const results = await runIdleStreamsBench(options.databases, options, progress);
    return ["Idle streams and writes", idleStreamsReport(results, options)];
  },
  "csv-import": async () => {
    const result = await runCsvImportBench(progress);
    return ["CSV import beside reads and deliveries", csvImportReport(result)];
  },
  transfers: async (options) => {
    const results = await runTransfersBench(
      options.databases,
      { rounds: options.rounds, requests: options.requests },
      progress,
    );
    return ["Transfers: a 20-line send against one delivery", transfersReport(results)];
  },
  instances: async (options) => {
    const adminUrl = process.env.BENCH_DATABASE_URL;
    const comparisons = await runInstancesBench(adminUrl, options, progress);
    return ["One instance against two behind nginx", instancesReport(comparisons, options)];
  },
  units: async (options) => {
    const runs = await runUnitsBench(options.databases, options, progress);
    return ["Units (issue 24)", unitsReport(runs, options)];
  },
  lighthouse: async (options) => {
    const results = await runLighthouseBench(options, progress);
    return ["Front end: Lighthouse on a phone", lighthouseReport(results)];
  },
};

/** `all`: the bundle first, as it takes seconds and fails at once when the app is not built. */
const ALL = ["bundle", "read-api", "deliveries"] as const;

if (process.argv.includes("--help")) {
  console.log(usage);
} else {
  try {
    const options = parseOptions(process.argv.slice(2), process.env);
    startWatchdog();
    const sections: Section[] = [];
    for (const command of options.command === "all" ? ALL : [options.command]) {
      sections.push(await run[command](options));
    }
    console.log(`# Ultimate Bikes benchmarks\n\n${machineSummary()}\n`);
    for (const [title, body] of sections) console.log(`## ${title}\n\n${body}\n`);
  } catch (error) {
    console.error(error instanceof SetupError ? error.message : error);
    process.exit(1);
  }
}
