import os from "node:os";
import path from "node:path";
import type { LoadSettings } from "../support/load.ts";
import { webDistDir } from "../support/paths.ts";
import type { BundleSizes } from "./bundle-size-bench.ts";
import { median, type LauncherTimes } from "./cold-start-bench.ts";
import { DRAIN, type DeliveriesResults } from "./deliveries-bench.ts";
import type { EndpointComparison } from "./read-api-bench.ts";
import type { SoakResult, SoakSettings } from "./soak-bench.ts";

const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}×`;
/** The overall ratio, with the lowest and highest of the rounds: the noise within the run. */
function ratioWithRange(value: number, baseline: number, perRound: number[]): string {
  const [lowest, highest] = [Math.min(...perRound), Math.max(...perRound)];
  return `${ratio(value, baseline)} (rounds ${lowest.toFixed(2)}–${highest.toFixed(2)})`;
}
const whole = (value: number) => Math.round(value).toLocaleString("en-US");
const milliseconds = (value: number) => `${value.toFixed(2)} ms`;
const files = (count: number) => `${count} ${count === 1 ? "file" : "files"}`;
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

export function machineSummary(): string {
  const cpus = os.cpus();
  const cpuModel = cpus[0]?.model.trim() ?? "unknown model";
  const loadAverages = os.loadavg().map((load) => load.toFixed(1));
  return [
    `Node ${process.version}`,
    `${cpus.length} CPU cores (${cpuModel})`,
    `${os.platform()} ${os.release()}`,
    // Other work on a shared machine is the main source of noise, so say how busy it was.
    `load average ${loadAverages.join(" / ")} (1 / 5 / 15 min)`,
    new Date().toISOString(),
  ].join(", ");
}

export function readApiReport(comparisons: EndpointComparison[], load: LoadSettings): string {
  const settings =
    `${load.connections} connections, ${load.warmupSeconds} s warm-up, ` +
    `then ${load.durationSeconds} s measured per server and endpoint in ${load.rounds} ` +
    "alternating rounds. Ratios are app/baseline over all rounds, then the lowest and highest " +
    "single-round ratio.";
  return `${settings}\n\n${readApiTable(comparisons)}`;
}

function readApiTable(comparisons: EndpointComparison[]): string {
  return table(
    [
      "Database",
      "Endpoint",
      "Throughput app/baseline",
      "p99 app/baseline",
      "App req/s",
      "Baseline req/s",
      "App p99",
      "Baseline p99",
      "Body",
    ],
    comparisons.map((comparison) => {
      const { database, endpoint, bodyBytes, app, baseline } = comparison;
      const { roundThroughputRatios, roundP99Ratios } = comparison;
      return [
        database,
        endpoint,
        ratioWithRange(app.requestsPerSecond, baseline.requestsPerSecond, roundThroughputRatios),
        ratioWithRange(app.p99Ms, baseline.p99Ms, roundP99Ratios),
        whole(app.requestsPerSecond),
        whole(baseline.requestsPerSecond),
        milliseconds(app.p99Ms),
        milliseconds(baseline.p99Ms),
        `${whole(bodyBytes)} B`,
      ];
    }),
  );
}

export function deliveriesReport(results: DeliveriesResults, load: LoadSettings): string {
  const settings =
    `${load.connections} connections on one server per database. In each scenario, reads ` +
    "(`GET /api/bikes/{id}`) and deliveries (`POST /api/bikes/{id}/deliveries`, signed in) " +
    `of the same bikes get ${load.warmupSeconds} s of warm-up, then about ` +
    `${load.durationSeconds} s each in ${load.rounds} alternating rounds. Ratios are ` +
    "deliveries/reads over all rounds, then the lowest and highest single-round ratio. " +
    "After each scenario, every bike had lost exactly as many units as it got 200 deliveries, " +
    "and its ledger ended in those deliveries.";
  const drains =
    `Drain: ${DRAIN.requests.toLocaleString("en-US")} deliveries from ${DRAIN.connections} ` +
    `connections at once on a stock of ${DRAIN.stock}.`;
  return `${settings}\n\n${deliveriesTable(results)}\n\n${drains}\n\n${drainTable(results)}`;
}

function deliveriesTable({ scenarios }: DeliveriesResults): string {
  return table(
    [
      "Database",
      "Scenario",
      "Throughput deliveries/reads",
      "A delivery costs",
      "p99 deliveries/reads",
      "Deliveries/s",
      "Reads/s",
      "Delivery p99",
      "Read p99",
      "Units delivered (all 200s)",
    ],
    scenarios.map((result) => {
      const { deliveries, reads, roundThroughputRatios, roundP99Ratios } = result;
      return [
        result.database,
        result.scenario,
        ratioWithRange(
          deliveries.requestsPerSecond,
          reads.requestsPerSecond,
          roundThroughputRatios,
        ),
        `${(reads.requestsPerSecond / deliveries.requestsPerSecond).toFixed(1)} reads`,
        ratioWithRange(deliveries.p99Ms, reads.p99Ms, roundP99Ratios),
        whole(deliveries.requestsPerSecond),
        whole(reads.requestsPerSecond),
        milliseconds(deliveries.p99Ms),
        milliseconds(reads.p99Ms),
        `${whole(result.unitsDelivered)}, exact`,
      ];
    }),
  );
}

function drainTable({ drains }: DeliveriesResults): string {
  return table(
    ["Database", "200 delivered", "409 empty", "Final quantity", "Time"],
    drains.map((drain) => [
      drain.database,
      whole(drain.delivered),
      whole(drain.refused),
      String(drain.finalQuantity),
      `${drain.seconds.toFixed(2)} s`,
    ]),
  );
}

export function bundleReport(sizes: BundleSizes): string {
  const names = (list: string[]) =>
    list.map((file) => path.relative(webDistDir, file)).join(", ") || "none";
  return [
    `Loaded up front: ${names(sizes.homeScripts)}, ${names(sizes.homeStyles)}`,
    `Loaded on demand, not counted: ${names(sizes.lazyScripts)}`,
    "",
    bundleTable(sizes),
  ].join("\n");
}

function bundleTable(sizes: BundleSizes): string {
  return table(
    ["What (gzip -9)", "Ratio", "Baseline", "Size", "Baseline size"],
    [
      [
        `Home page JavaScript (${files(sizes.homeScripts.length)})`,
        ratio(sizes.homeScriptsGzip, sizes.reactBaselineGzip),
        "React hello world, same Vite build",
        kilobytes(sizes.homeScriptsGzip),
        kilobytes(sizes.reactBaselineGzip),
      ],
      [
        `Home page CSS (${files(sizes.homeStyles.length)})`,
        ratio(sizes.homeStylesGzip, sizes.bootstrapCssGzip),
        "bootstrap.min.css",
        kilobytes(sizes.homeStylesGzip),
        kilobytes(sizes.bootstrapCssGzip),
      ],
    ],
  );
}

export function soakReport(result: SoakResult, settings: SoakSettings, seconds: number): string {
  const count = (value: number) => value.toLocaleString("en-US");
  const answered = (kind: keyof SoakResult["answers"]) => count(result.answers[kind].get(200) ?? 0);
  const loadSeconds = result.batches.reduce((total, batch) => total + batch.seconds, 0);
  const rss = result.batches.map((batch) => batch.rssMiB);
  return [
    `Soak passed: ${count(settings.requests)} requests over ${settings.connections} connections ` +
      `in ${loadSeconds.toFixed(0)} s of load (${seconds.toFixed(0)} s in all), ` +
      `${Math.round(settings.requests / loadSeconds)} requests/s, ` +
      `a forced full GC in the server every ${settings.gcIntervalMs} ms.`,
    `- answered 200: ${answered("read")} reads, ${answered("deliver")} deliveries, ` +
      `${answered("import")} imports; nothing else`,
    `- stock exact on all ${settings.bikes} bikes: ${count(result.unitsDelivered)} units ` +
      `delivered, ${count(result.unitsImported)} imported; ${count(result.ledgerEntries)} ` +
      "ledger entries, each answered, summing to every stored quantity",
    `- the server never died and stopped with exit code ${result.exit.code}`,
    `- server memory (RSS) after each batch of up to ${count(settings.batchSize)} requests: ${rss.join(", ")} MiB`,
  ].join("\n");
}

/** Cold starts: each launcher's median, its spread, and the first launcher's median over it. */
export function coldStartReport(results: LauncherTimes[]): string {
  const now = median(results[0]!.startsMs);
  const rounds = results[0]!.startsMs.length;
  const rows = results.map(({ launcher, startsMs }) => [
    launcher.name,
    whole(median(startsMs)) + " ms",
    `${whole(Math.min(...startsMs))}–${whole(Math.max(...startsMs))} ms`,
    ratio(now, median(startsMs)),
  ]);
  return [
    `Process start to the first 200 from /api/health, ${rounds} starts each in alternating ` +
      "order, on a migrated and seeded SQLite database.",
    "",
    table(["Runs the TypeScript", "Median", "Fastest–slowest", "Now ÷ this (median)"], rows),
  ].join("\n");
}
