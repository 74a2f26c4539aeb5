/**
 * Deliveries per second under contention, on one bike and spread over many, as a ratio against
 * reads of the same bikes from the same server; then a drain. Every run is checked against the
 * stock afterwards, and any mismatch fails it. Takes the options of read-api.ts.
 * Usage: node bench/deliveries.ts [--database sqlite|postgres] [--duration 10] ...
 */
import { runDeliveriesBench } from "./lib/deliveries-bench.ts";
import { deliveriesTimeBudgetSeconds, parseReadApiOptions, readApiUsage } from "./lib/options.ts";
import { deliveriesReport, machineSummary } from "./lib/report.ts";
import { runCli } from "./support/cli.ts";
import { boundRun } from "./support/watchdog.ts";

await runCli(`node bench/deliveries.ts [options]\n${readApiUsage}`, async () => {
  const options = parseReadApiOptions(process.argv.slice(2), process.env);
  boundRun(deliveriesTimeBudgetSeconds(options));
  const results = await runDeliveriesBench(options.databases, options.load, (message) =>
    console.error(`… ${message}`),
  );
  console.log(`${machineSummary()}\n`);
  console.log(deliveriesReport(results, options.load));
});
