// Over 300 lines: the markdown report of every benchmark, each a few table-building lines sharing the same formatting helpers.
import os from "node:os";
import type { BundleSizes } from "./bundle-size-bench.ts";
import { median, type LauncherTimes } from "./cold-start-bench.ts";
import { DRAIN, type DeliveriesResults, type DeliveriesSettings } from "./deliveries-bench.ts";
import type { Comparison } from "./load.ts";
import type { EndpointComparison, ReadLoadSettings } from "./fixed-baseline.ts";
import type { InstancesComparison } from "./instances-bench.ts";
import {
  ACCESSIBILITY_GOAL,
  PERFORMANCE_GOAL,
  type LighthouseResults,
  type LighthouseRun,
} from "./lighthouse-bench.ts";
import {
  CATCH_UP_MS,
  LIVE_P99_GOAL_MS,
  PACE_MS,
  RAMP_RATE_TOLERANCE,
  RAMP_WRITERS,
  type LiveStockResults,
  type LiveStockSettings,
} from "./live-stock-bench.ts";
import {
  FIRST_PAGE_GOAL_MS,
  SEARCH_P95_GOAL_MS,
  type ScaleRun,
  type ScaleSettings,
} from "./scale-bench.ts";
import { SOAK_BATCH, SOAK_BIKES, type SoakResult, type SoakSettings } from "./soak-bench.ts";

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

export function table(header: string[], rows: string[][]): string {
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

/** The cells both comparisons share: the two ratios, then each side's throughput and p99. */
function comparisonHeader(subject: string, baseline: string): string[] {
  const [Subject, Baseline] = [subject, baseline].map(
    (side) => side[0]!.toUpperCase() + side.slice(1),
  );
  return [
    `Throughput ${subject}/${baseline}`,
    `p99 ${subject}/${baseline}`,
    `${Subject} req/s`,
    `${Baseline} req/s`,
    `${Subject} p99`,
    `${Baseline} p99`,
  ];
}
function comparisonCells(comparison: Comparison): string[] {
  const { subject, baseline, roundThroughputRatios, roundP99Ratios } = comparison;
  return [
    ratioWithRange(subject.requestsPerSecond, baseline.requestsPerSecond, roundThroughputRatios),
    ratioWithRange(subject.p99Ms, baseline.p99Ms, roundP99Ratios),
    whole(subject.requestsPerSecond),
    whole(baseline.requestsPerSecond),
    milliseconds(subject.p99Ms),
    milliseconds(baseline.p99Ms),
  ];
}
const overRounds = (subject: string, baseline: string) =>
  `Ratios are ${subject}/${baseline} over all rounds, then the lowest and highest single-round ` +
  "ratio.";

function readLoadSettings(load: ReadLoadSettings): string {
  return (
    `${load.connections} connections, ${load.warmupSeconds} s warm-up, then ` +
    `${load.durationSeconds} s measured per server and endpoint in ${load.rounds} alternating ` +
    `rounds. ${overRounds("app", "baseline")}`
  );
}

export function readApiReport(comparisons: EndpointComparison[], load: ReadLoadSettings): string {
  const rows = comparisons.map((comparison) => [
    comparison.database,
    comparison.endpoint,
    ...comparisonCells(comparison),
    `${whole(comparison.bodyBytes)} B`,
  ]);
  const header = ["Database", "Endpoint", ...comparisonHeader("app", "baseline"), "Body"];
  const baselines =
    "The baseline is a bare Fastify server sending the app's bytes from memory; on PostgreSQL " +
    "each of its answers also waits for one `select 1` shared by the requests of its event-loop " +
    "turn, the limit for a read that must be fresh across servers.";
  return `${readLoadSettings(load)} ${baselines}\n\n${table(header, rows)}`;
}

export function instancesReport(
  comparisons: InstancesComparison[],
  load: ReadLoadSettings,
): string {
  const rows = comparisons.map((comparison) => [
    comparison.endpoint,
    ...comparisonCells(comparison),
  ]);
  const header = ["Endpoint", ...comparisonHeader("two", "one")];
  const layout =
    "Through nginx over https (deploy/nginx/ultimate-bikes.conf, a worker per core) to the app on " +
    "PostgreSQL: the baseline is the site with both upstream lines naming one instance, the " +
    "subject the same site naming two. The load generator, nginx, the instances and PostgreSQL " +
    "share the machine's cores.";
  return `${readLoadSettings(load).replace("app/baseline", "two/one")} ${layout}\n\n${table(header, rows)}`;
}

export function deliveriesReport(results: DeliveriesResults, load: DeliveriesSettings): string {
  const settings =
    `${load.connections} connections on one server per database. In each scenario, reads ` +
    "(`GET /api/bikes/{id}`) and deliveries (`POST /api/bikes/{id}/deliveries`, signed in) " +
    `of the same bikes each get ${whole(load.deliveries / load.rounds)} requests of warm-up, ` +
    `then ${whole(load.deliveries)} in ${load.rounds} alternating rounds. ` +
    `${overRounds("deliveries", "reads")} After each scenario, every bike had lost exactly as ` +
    "many units as it got 200 deliveries.";
  const scenarios = table(
    [
      "Database",
      "Scenario",
      ...comparisonHeader("deliveries", "reads"),
      "A delivery costs",
      "Units delivered (all 200s)",
    ],
    results.scenarios.map((result) => [
      result.database,
      result.scenario,
      ...comparisonCells(result),
      `${(result.baseline.requestsPerSecond / result.subject.requestsPerSecond).toFixed(1)} reads`,
      `${whole(result.unitsDelivered)}, exact`,
    ]),
  );
  const drains =
    `Drain: ${whole(DRAIN.requests)} deliveries from ${DRAIN.connections} connections at once ` +
    `on a stock of ${DRAIN.stock}; every drain ended at a quantity of 0.`;
  const drainTable = table(
    ["Database", "200 delivered", "409 empty", "Time"],
    results.drains.map((drain) => [
      drain.database,
      whole(drain.delivered),
      whole(drain.refused),
      `${drain.seconds.toFixed(2)} s`,
    ]),
  );
  return `${settings}\n\n${scenarios}\n\n${drains}\n\n${drainTable}`;
}

export function bundleReport(sizes: BundleSizes): string {
  const names = (list: string[]) => list.join(", ") || "none";
  const row = (what: string, size: number, baseline: string, baselineSize: number) => [
    what,
    ratio(size, baselineSize),
    baseline,
    kilobytes(size),
    kilobytes(baselineSize),
  ];
  return [
    `Loaded up front: ${names(sizes.homeScripts)}, ${names(sizes.homeStyles)}`,
    `Loaded on demand, not counted: ${names(sizes.lazyScripts)}`,
    "",
    table(
      ["What (gzip -9)", "Ratio", "Baseline", "Size", "Baseline size"],
      [
        row(
          `Home page JavaScript (${files(sizes.homeScripts.length)})`,
          sizes.homeScriptsGzip,
          "React hello world, same Vite build",
          sizes.reactBaselineGzip,
        ),
        row(
          `Home page CSS (${files(sizes.homeStyles.length)})`,
          sizes.homeStylesGzip,
          "bootstrap.min.css",
          sizes.bootstrapCssGzip,
        ),
      ],
    ),
  ].join("\n");
}

export function soakReport(result: SoakResult, settings: SoakSettings, seconds: number): string {
  const answered = (kind: keyof SoakResult["answers"]) => whole(result.answers[kind].get(200) ?? 0);
  const loadSeconds = result.batches.reduce((total, batch) => total + batch.seconds, 0);
  const rss = result.batches.map((batch) => batch.rssMiB);
  return [
    `Soak passed: ${whole(settings.requests)} requests over ${settings.connections} connections ` +
      `in ${loadSeconds.toFixed(0)} s of load (${seconds.toFixed(0)} s in all), ` +
      `${Math.round(settings.requests / loadSeconds)} requests/s, ` +
      `a forced full GC in the server every ${settings.gcIntervalMs} ms.`,
    `- answered 200: ${answered("read")} reads, ${answered("deliver")} deliveries, ` +
      `${answered("import")} imports; nothing else`,
    `- stock exact on all ${SOAK_BIKES} bikes: ${whole(result.unitsDelivered)} units ` +
      `delivered, ${whole(result.unitsImported)} imported; ${whole(result.ledgerEntries)} ` +
      "ledger entries, each answered, summing to every stored quantity",
    `- the server never died and stopped with exit code ${result.exit.code}`,
    `- server memory (RSS) after each batch of up to ${whole(SOAK_BATCH)} requests: ` +
      `${rss.join(", ")} MiB`,
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

const met = (ok: boolean) => (ok ? "met" : "missed");
const goalCell = (goal: string, ok: boolean) => `${goal}: ${met(ok)}`;

/** Reads at scale against the baseline, searches as typed, and Inventory's first page. */
export function scaleReport(runs: ScaleRun[], settings: ScaleSettings): string {
  const seeding = runs.map(({ database, seedSeconds }) => {
    const each = [...seedSeconds].map(([bikes, s]) => `${whole(bikes)} in ${s.toFixed(1)} s`);
    return `${database} ${each.join(", ")}`;
  });
  const reads = table(
    ["Database", "Bikes", "Endpoint", ...comparisonHeader("app", "baseline"), "Body", "Goal"],
    runs.flatMap(({ comparisons }) =>
      comparisons.map((comparison) => {
        const ratioNow =
          comparison.subject.requestsPerSecond / comparison.baseline.requestsPerSecond;
        const { goal } = comparison;
        return [
          comparison.database,
          whole(comparison.bikes),
          comparison.endpoint,
          ...comparisonCells(comparison),
          `${whole(comparison.bodyBytes)} B`,
          goal === undefined ? "none" : goalCell(`≥ ${goal.toFixed(2)}×`, ratioNow >= goal),
        ];
      }),
    ),
  );
  const [first] = runs;
  const searchIntro =
    `Searches as typed: ${first?.search.queries} queries (each prefix of a set of terms, each ` +
    "asked once), one at a time on one connection, asking for compression as a browser does.";
  const searches = table(
    [
      "Database",
      "Filter",
      "p50",
      "p95",
      "p95, 1 letter",
      "p95, 2 letters",
      "p95, 3+",
      "Slowest",
      "Goal",
    ],
    runs.flatMap(({ database, search, searchAtPlace }) =>
      [
        { filter: "none", latency: search },
        { filter: `place: ${searchAtPlace.place}`, latency: searchAtPlace },
      ].map(({ filter, latency }) => [
        database,
        filter,
        ...[latency.p50Ms, latency.p95Ms, ...latency.p95ByLengthMs].map(milliseconds),
        `"${latency.slowest.query}" ${milliseconds(latency.slowest.ms)}`,
        database === "sqlite"
          ? goalCell(`p95 ≤ ${SEARCH_P95_GOAL_MS} ms`, latency.p95Ms <= SEARCH_P95_GOAL_MS)
          : "none",
      ]),
    ),
  );
  const pagesIntro =
    `Inventory in Chromium: ${settings.pageLoads} loads, each in a fresh browser context, after ` +
    "one untimed load; times from the start of navigation.";
  const pages = table(
    [
      "Database",
      "First card shown (median)",
      "Fastest–slowest",
      "DOMContentLoaded",
      "GET /api/stock",
      "Goal",
    ],
    runs.map(({ database, pageLoads }) => {
      const shown = pageLoads.map((load) => load.firstCardMs);
      const middle = (pick: (load: (typeof pageLoads)[number]) => number) =>
        `${whole(median(pageLoads.map(pick)))} ms`;
      return [
        database,
        middle((load) => load.firstCardMs),
        `${whole(Math.min(...shown))}–${whole(Math.max(...shown))} ms`,
        middle((load) => load.domContentLoadedMs),
        middle((load) => load.stockRequestMs),
        goalCell(`≤ ${whole(FIRST_PAGE_GOAL_MS)} ms`, median(shown) <= FIRST_PAGE_GOAL_MS),
      ];
    }),
  );
  return [
    `Stock generated by apps/server/src/db/bulk-stock.ts, the same bikes every run. Seeding: ` +
      `${seeding.join("; ")}.`,
    `${readLoadSettings(settings)} The whole list runs on its own database of 1,000 bikes.`,
    reads,
    searchIntro,
    searches,
    pagesIntro,
    pages,
  ].join("\n\n");
}

/** Live stock: delays against the bare fan-out, then the event-rate ramps. */
export function liveStockReport(results: LiveStockResults, settings: LiveStockSettings): string {
  const intro =
    `${whole(settings.subscribers)} subscribers per server (\`GET /api/stock/events\`), held by ` +
    `${results.subscriberProcesses} processes of their own, for the app and for the bare ` +
    `fan-out alike. Per server ${results.warmupWrites} writes of warm-up, then ` +
    `${whole(settings.writes)} measured in ${settings.rounds} alternating rounds, one at a time: ` +
    "each waits for its answer and for its event at every subscriber, and at most one starts " +
    `every ${PACE_MS} ms. The delay runs from just before the write is sent to when each ` +
    "subscriber's parser has the event (one monotonic clock for all processes): one sample per " +
    "write and subscriber. The app's writes are deliveries and imports of one unit in turn; the " +
    "bare server publishes a message of the same shape and size. " +
    `${overRounds("app", "bare")} Load average as the run started: ` +
    `${results.loadAtStart.map((load) => load.toFixed(1)).join(" / ")}.`;
  const delays = table(
    [
      "Database",
      "App setup",
      "p50 app/bare",
      "p99 app/bare",
      "App p50",
      "App p99",
      "Bare p50",
      "Bare p99",
      "App max",
      "App write answered (p50)",
      "Message",
      "Goal",
    ],
    results.latency.map((run) => {
      const goal = LIVE_P99_GOAL_MS[run.database];
      return [
        run.database,
        run.setup,
        ratioWithRange(run.app.p50Ms, run.bare.p50Ms, run.roundP50Ratios),
        ratioWithRange(run.app.p99Ms, run.bare.p99Ms, run.roundP99Ratios),
        milliseconds(run.app.p50Ms),
        milliseconds(run.app.p99Ms),
        milliseconds(run.bare.p50Ms),
        milliseconds(run.bare.p99Ms),
        milliseconds(run.app.maxMs),
        milliseconds(run.app.answerP50Ms),
        `${whole(run.app.messageBytes)} B (bare ${whole(run.bare.messageBytes)} B)`,
        goalCell(`p99 ≤ ${goal} ms`, run.app.p99Ms <= goal),
      ];
    }),
  );
  if (results.ramps.length === 0) return [intro, delays].join("\n\n");

  const rampIntro =
    `Ramp (SQLite): events per second, ${settings.durationSeconds} s a step, written by up to ` +
    `${RAMP_WRITERS} requests in flight on a fixed schedule, to the same subscribers, the app ` +
    "and the bare fan-out in turn at each rate. A step " +
    `passes when its writes went out at ${Math.round(RAMP_RATE_TOLERANCE * 100)}% of the rate ` +
    "or more, all answered 200, no stream was closed, and every stream had every event within " +
    `${CATCH_UP_MS / 1000} s of the step's last write going out (that write's answer included); ` +
    "times are from that moment. Each side stops at its first failing step. Everything " +
    "shares 2 CPU cores: writer, server and subscribers.";
  const steps = table(
    [
      "Server",
      "Rate",
      "Sent/s",
      "Answered/s",
      "Last answer after",
      "All received after",
      "Cores: server / subscribers / writer",
      "Result",
    ],
    results.ramps.flatMap((ramp) =>
      ramp.steps.map((step) => [
        ramp.target === "bare" ? "bare" : "app",
        `${whole(step.rate)}/s`,
        whole(step.sentPerSecond),
        whole(step.answeredPerSecond),
        milliseconds(step.answeredAfterMs),
        milliseconds(step.catchUpMs),
        [step.cores.server, step.cores.subscribers, step.cores.writer]
          .map((cores) => cores.toFixed(2))
          .join(" / "),
        step.problem === undefined ? "passed" : `failed: ${step.problem}`,
      ]),
    ),
  );
  const app = results.ramps.find((ramp) => ramp.target !== "bare")?.highestPassing;
  const bare = results.ramps.find((ramp) => ramp.target === "bare")?.highestPassing;
  const highest = (rate: number | undefined) => (rate === undefined ? "none" : `${whole(rate)}/s`);
  const summary =
    `Highest passing rate: app ${highest(app)}, bare ${highest(bare)}` +
    (app && bare ? `: app/bare ${ratio(app, bare)}.` : ".");
  return [intro, delays, rampIntro, steps, summary].join("\n\n");
}

/**
 * Lighthouse: each page's median score and metrics over its runs, the spread of its performance
 * score, and whether the goals hold.
 */
export function lighthouseReport(results: LighthouseResults): string {
  const middle = (runs: LighthouseRun[], pick: (run: LighthouseRun) => number) =>
    median(runs.map(pick));
  const rows = results.pages.map(({ name, path, signedIn, runs }) => {
    const performance = runs.map((run) => run.performance);
    const failures = [...new Set(runs.flatMap((run) => run.accessibilityFailures))];
    return [
      `${name} (\`${path.replace(/[0-9a-f-]{36}$/, "{id}")}\`${signedIn ? ", staff" : ""})`,
      `${middle(runs, (run) => run.performance).toFixed(2)} ` +
        `(${Math.min(...performance).toFixed(2)}–${Math.max(...performance).toFixed(2)})`,
      middle(runs, (run) => run.accessibility).toFixed(2) +
        (failures.length > 0 ? ` (fails: ${failures.join(", ")})` : ""),
      `${whole(middle(runs, (run) => run.lcpMs))} ms`,
      `${whole(middle(runs, (run) => run.fcpMs))} ms`,
      `${whole(middle(runs, (run) => run.tbtMs))} ms`,
      middle(runs, (run) => run.cls).toFixed(3),
      kilobytes(middle(runs, (run) => run.scriptTransferBytes)),
    ];
  });
  const met = results.pages.every(
    ({ runs }) =>
      median(runs.map((run) => run.performance)) >= PERFORMANCE_GOAL &&
      median(runs.map((run) => run.accessibility)) >= ACCESSIBILITY_GOAL,
  );
  const runs = results.pages[0]?.runs.length ?? 0;
  return [
    `Lighthouse ${results.lighthouseVersion}, its default mobile emulation and simulated ` +
      `throttling, ${runs} ${runs === 1 ? "run" : "runs"} per page in a fresh headless ` +
      "Chromium; medians, with the lowest and highest performance score. JS fetched: the " +
      "JavaScript the page loaded during the run, as sent (compressed).",
    "",
    table(["Page", "Performance", "Accessibility", "LCP", "FCP", "TBT", "CLS", "JS fetched"], rows),
    "",
    `Home's JavaScript before interaction (the entry and its static imports, gzip -9): ` +
      `${kilobytes(results.homeScriptsGzip)}.`,
    `Goals (performance ≥ ${PERFORMANCE_GOAL}, accessibility ${ACCESSIBILITY_GOAL.toFixed(1)} ` +
      `on every page): ${met ? "met" : "NOT met"}.`,
  ].join("\n");
}
