/**
 * The server's cold start: process start to the first answered /api/health, with Node's own
 * type stripping (how `npm start` runs it) against tsx (how it ran before), in one run.
 * Usage: node bench/cold-start.ts [--rounds 15]
 */
import { parseArgs } from "node:util";
import { LAUNCHERS, measureColdStarts } from "./lib/cold-start-bench.ts";
import { coldStartReport, machineSummary } from "./lib/report.ts";
import { runCli, SetupError } from "./support/cli.ts";
import { boundRun } from "./support/watchdog.ts";

const usage = `node bench/cold-start.ts [--rounds N]   starts per launcher (default 15)`;

await runCli(usage, async () => {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { rounds: { type: "string", default: "15" } },
  });
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) {
    throw new SetupError(`--rounds must be a whole number above 0\n${usage}`);
  }
  // Each start takes a few seconds at most; a hung one gives up after a minute.
  boundRun((rounds + 1) * LAUNCHERS.length * 30 + 60);
  const results = await measureColdStarts(rounds, (message) => console.error(`… ${message}`));
  console.log(`${machineSummary()}\n`);
  console.log(coldStartReport(results));
});
