/**
 * Read API throughput and p99 latency, as ratios against a bare Fastify server sending the same
 * bytes. Usage: node bench/read-api.ts [--database sqlite|postgres] [--duration 10] ...
 */
import { parseReadApiOptions, readApiTimeBudgetSeconds, readApiUsage } from "./lib/options.ts";
import { runReadApiBench } from "./lib/read-api-bench.ts";
import { machineSummary, readApiReport } from "./lib/report.ts";
import { runCli } from "./support/cli.ts";
import { boundRun } from "./support/watchdog.ts";

await runCli(`node bench/read-api.ts [options]\n${readApiUsage}`, async () => {
  const options = parseReadApiOptions(process.argv.slice(2), process.env);
  boundRun(readApiTimeBudgetSeconds(options));
  const comparisons = await runReadApiBench(options.databases, options.load, (message) =>
    console.error(`… ${message}`),
  );
  console.log(`${machineSummary()}\n`);
  console.log(readApiReport(comparisons, options.load));
});
