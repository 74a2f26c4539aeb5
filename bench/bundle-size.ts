/**
 * Gzipped size of what the home page loads before any interaction, as ratios against a React
 * hello world (JavaScript) and Bootstrap (CSS). Needs `npm run build` first.
 */
import { measureBundleSizes } from "./lib/bundle-size-bench.ts";
import { bundleReport, machineSummary } from "./lib/report.ts";
import { runCli } from "./support/cli.ts";

await runCli("node bench/bundle-size.ts  (after `npm run build`)", async () => {
  const sizes = await measureBundleSizes();
  console.log(`${machineSummary()}\n`);
  console.log(bundleReport(sizes));
});
