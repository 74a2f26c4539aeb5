/**
 * `npm run bench`: the bundle size, then the read API and deliveries (SQLite, and PostgreSQL
 * when BENCH_DATABASE_URL is set), printed as one markdown report. Takes the options of
 * read-api.ts, which deliveries.ts shares.
 */
import { measureBundleSizes } from "./lib/bundle-size-bench.ts";
import { runDeliveriesBench } from "./lib/deliveries-bench.ts";
import {
  deliveriesTimeBudgetSeconds,
  parseReadApiOptions,
  readApiTimeBudgetSeconds,
  readApiUsage,
} from "./lib/options.ts";
import { runReadApiBench } from "./lib/read-api-bench.ts";
import { bundleReport, deliveriesReport, machineSummary, readApiReport } from "./lib/report.ts";
import { runCli } from "./support/cli.ts";
import { boundRun } from "./support/watchdog.ts";

await runCli(
  `node bench/run-all.ts [options]  (after \`npm run build\`)\n${readApiUsage}`,
  async () => {
    const options = parseReadApiOptions(process.argv.slice(2), process.env);
    boundRun(readApiTimeBudgetSeconds(options) + deliveriesTimeBudgetSeconds(options) + 60);
    // The bundle first: it takes seconds, and fails at once when the web app is not built.
    const sizes = await measureBundleSizes();
    const progress = (message: string) => console.error(`… ${message}`);
    const comparisons = await runReadApiBench(options.databases, options.load, progress);
    const deliveries = await runDeliveriesBench(options.databases, options.load, progress);
    console.log(`# Ultimate Bikes benchmarks\n\n${machineSummary()}\n`);
    console.log(`## Home page bundle\n\n${bundleReport(sizes)}\n`);
    console.log(`## Read API\n\n${readApiReport(comparisons, options.load)}\n`);
    console.log(`## Deliveries under contention\n\n${deliveriesReport(deliveries, options.load)}`);
  },
);
