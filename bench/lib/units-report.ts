import { table } from "./report.ts";
import { SEARCH_P95_GOAL_MS } from "./scale-bench.ts";
import {
  LOOKUP_P95_GOAL_MS,
  NAMED_DELIVERY_GOAL,
  TAIL,
  WARM_UP_LOOKUPS,
  type UnitsRun,
  type UnitsSettings,
} from "./units-bench.ts";

/** The units benchmark's markdown report (bench/lib/units-bench.ts). */

const ms = (value: number) => value.toFixed(2);
const met = (ok: boolean) => (ok ? "met" : "**missed**");

export function unitsReport(runs: UnitsRun[], settings: UnitsSettings): string {
  const lookupRows = runs.flatMap((run) =>
    (
      [
        ["whole chassis number (`?chassis=`)", run.byChassis],
        [`last ${TAIL} characters (\`?q=\`)`, run.byTail],
      ] as const
    ).map(([what, figures]) => [
      run.database,
      what,
      String(figures.count),
      ms(figures.p50Ms),
      ms(figures.p95Ms),
      ms(figures.maxMs),
      run.database === "sqlite" ? met(figures.p95Ms <= LOOKUP_P95_GOAL_MS) : "(no goal)",
    ]),
  );
  const searchRows = runs.flatMap(({ database, units, searchesWithoutUnits, searchesWithUnits }) =>
    !searchesWithoutUnits || !searchesWithUnits
      ? []
      : (["everywhere", "atPlace"] as const).flatMap((where) =>
          (
            [
              ["none", searchesWithoutUnits[where]],
              [units.toLocaleString("en-US"), searchesWithUnits[where]],
            ] as const
          ).map(([unitsThere, figures]) => [
            database,
            where === "everywhere" ? "everywhere" : `at ${searchesWithUnits.atPlace.place}`,
            unitsThere,
            String(figures.queries),
            ms(figures.p50Ms),
            ms(figures.p95Ms),
            figures.p95ByLengthMs.map(ms).join(" / "),
            `${figures.slowest.query} ${ms(figures.slowest.ms)}`,
            where === "atPlace" && unitsThere !== "none"
              ? met(figures.p95Ms <= SEARCH_P95_GOAL_MS)
              : "",
          ]),
        ),
  );
  const deliveryRows = runs.map((run) => {
    const ratio = run.named.p50Ms / run.untracked.p50Ms;
    const [low, high] = [Math.min(...run.roundRatios), Math.max(...run.roundRatios)];
    return [
      run.database,
      String(run.named.count),
      `${ms(run.untracked.p50Ms)} / ${ms(run.untracked.p95Ms)}`,
      `${ms(run.named.p50Ms)} / ${ms(run.named.p95Ms)}`,
      `${ratio.toFixed(2)}× (rounds ${low.toFixed(2)}–${high.toFixed(2)})`,
      `${(run.named.p95Ms / run.untracked.p95Ms).toFixed(2)}×`,
      met(ratio <= NAMED_DELIVERY_GOAL),
    ];
  });
  const seeds = runs
    .map(
      (run) =>
        `${run.database} ${run.seedSeconds.toFixed(1)} s` +
        (run.baselineSeedSeconds === undefined
          ? ""
          : `, ${run.baselineSeedSeconds.toFixed(1)} s without the units`),
    )
    .join("; ");
  const extras = runs
    .map(
      (run) =>
        `${run.database} ${run.byTail.count > 0 ? (run.tailExtras / run.byTail.count).toFixed(2) : "0"}`,
    )
    .join(", ");
  return [
    `${settings.bikes.toLocaleString("en-US")} models, ${settings.units.toLocaleString("en-US")} units of tracked ones (seeding: ${seeds}). One app server per database, one request at a time, as staff.`,
    "",
    `**Finding a unit** (goal: p95 ≤ ${LOOKUP_P95_GOAL_MS} ms on SQLite): random units, each once by its whole chassis number and once by its last ${TAIL} characters, after ${WARM_UP_LOOKUPS} unmeasured; each answer must name the unit. Other units a tail also found, on average: ${extras}.`,
    "",
    table(["database", "by", "lookups", "p50 ms", "p95 ms", "max ms", "goal"], lookupRows),
    "",
    `**Searches as typed** (goal: p95 ≤ ${SEARCH_P95_GOAL_MS} ms at a place on SQLite, with the units), each prefix once, one at a time: on the models with their units, and on the same models without units (the baseline, a server and database of its own in the same run); SQLite only:`,
    "",
    table(
      [
        "database",
        "where",
        "units",
        "queries",
        "p50 ms",
        "p95 ms",
        "p95 by letters typed: 1 / 2 / 3+",
        "slowest",
        "goal",
      ],
      searchRows,
    ),
    "",
    `**A named unit's delivery against an untracked model's** (goal: ≤ ${NAMED_DELIVERY_GOAL}×, median): one request at a time, each a different random unit or model, one round of warm-up, then ${settings.rounds} rounds alternating which side goes first. Afterwards every unit must be delivered and every model one short, its units still its count.`,
    "",
    table(
      [
        "database",
        "deliveries per side",
        "untracked p50 / p95 ms",
        "named unit p50 / p95 ms",
        "named ÷ untracked (p50)",
        "named ÷ untracked (p95)",
        "goal",
      ],
      deliveryRows,
    ),
  ].join("\n");
}
