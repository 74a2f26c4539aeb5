/**
 * The runtime soak: the real server on SQLite, under --expose-gc with collections forced every few
 * milliseconds, through 200,000 requests mixing reads, deliveries and imports. Fails if the server
 * dies or if its stock and ledger do not add up exactly to the answers.
 * Usage: node bench/soak.ts [--requests 200000] [--connections 10] [--gc-interval-ms 100]
 */
import { parseArgs } from "node:util";
import { machineSummary, soakReport } from "./lib/report.ts";
import { runSoak, type SoakSettings } from "./lib/soak-bench.ts";
import { runCli, SetupError } from "./support/cli.ts";
import { boundRun } from "./support/watchdog.ts";

const usage = `node bench/soak.ts [options]
  --requests N          requests in all (default 200000)
  --connections N       concurrent connections (default 10)
  --gc-interval-ms N    milliseconds between forced full collections in the server (default 100)`;

await runCli(usage, async () => {
  const settings = parseSettings(process.argv.slice(2));
  // A generous bound: even at 500 requests a second the run would fit.
  boundRun(Math.ceil(settings.requests / 500) + 120);
  const startedAt = Date.now();
  const result = await runSoak(settings, (message) => console.error(`… ${message}`));
  console.log(`${machineSummary()}\n`);
  console.log(soakReport(result, settings, (Date.now() - startedAt) / 1000));
});

function parseSettings(args: string[]): SoakSettings {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        requests: { type: "string", default: "200000" },
        connections: { type: "string", default: "10" },
        "gc-interval-ms": { type: "string", default: "100" },
      },
    }));
  } catch (error) {
    throw new SetupError(`${error instanceof Error ? error.message : error}\n${usage}`);
  }
  const whole = (name: string, value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1) {
      throw new SetupError(`--${name} must be a whole number above 0, not ${value}`);
    }
    return number;
  };
  return {
    requests: whole("requests", values.requests),
    connections: whole("connections", values.connections),
    gcIntervalMs: whole("gc-interval-ms", values["gc-interval-ms"]),
    batchSize: 20_000,
    bikes: 20,
  };
}
