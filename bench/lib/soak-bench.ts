import { QUANTITY_MAX } from "@ultimate-bikes/contract/bikes";
import SQLite from "better-sqlite3";
import { readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { ChildExit, ChildServer } from "../support/child-server.ts";
import { withAppServer } from "./app-server.ts";
import {
  addCounts,
  countedLoad,
  describeStatuses,
  type StatusCounts,
  type Target,
} from "./load.ts";
import type { BenchOptions } from "./options.ts";
import { addBike, BENCH_PUBLIC_URL, ExactnessError, quantityOf, signUp } from "./stock-api.ts";

export type SoakSettings = Pick<BenchOptions, "requests" | "connections" | "gcIntervalMs">;

/** Requests between two checks that the server is alive, and between memory readings. */
export const SOAK_BATCH = 20_000;
export const SOAK_BIKES = 20;

export interface SoakBatch {
  requests: number;
  seconds: number;
  /** The server's resident memory after the batch, in MiB. */
  rssMiB: number;
}

export interface SoakResult {
  batches: SoakBatch[];
  /** Answers by request kind and status, over the whole run. */
  answers: Record<RequestKind, StatusCounts>;
  unitsDelivered: number;
  unitsImported: number;
  ledgerEntries: number;
  exit: ChildExit;
}

type RequestKind = "read" | "deliver" | "import";

interface SoakTarget extends Target {
  kind: RequestKind;
  bike: number;
  /** Units an import of this target adds. */
  amount: number;
}

/**
 * Half the most a bike may hold: room for every delivery a run can make, so a 409 (stock empty)
 * never happens by design, and for every import, so none goes over the limit.
 */
const STARTING_QUANTITY = QUANTITY_MAX / 2;
const forceGcScript = path.join(import.meta.dirname, "../support/force-gc.ts");

/**
 * Drives the real server on SQLite through `requests` requests mixing reads, deliveries and
 * imports, with garbage collection forced every few milliseconds inside the server. Fails if the
 * server dies, answers anything unexpected, or if its stock and ledger do not add up exactly to
 * the answers the clients got.
 */
export async function runSoak(
  settings: SoakSettings,
  progress: (message: string) => void,
): Promise<SoakResult> {
  const variables = {
    SEED: "off",
    PUBLIC_URL: BENCH_PUBLIC_URL,
    SOAK_GC_INTERVAL_MS: String(settings.gcIntervalMs),
  };
  const nodeArgs = ["--expose-gc", "--import", forceGcScript];
  return withAppServer(
    { kind: "sqlite" },
    variables,
    (server, workDir) =>
      soak(server, path.join(workDir, "data/ultimate-bikes.sqlite"), settings, progress),
    { nodeArgs },
  );
}

async function soak(
  server: ChildServer,
  databaseFile: string,
  settings: SoakSettings,
  progress: (message: string) => void,
): Promise<SoakResult> {
  const session = await signUp(server.origin);
  const ids: string[] = [];
  for (let index = 1; index <= SOAK_BIKES; index++) {
    ids.push(await addBike(session, `Soak ${index}`, STARTING_QUANTITY));
  }
  const targets = mixedTargets(session.cookie, ids);
  const perTarget: StatusCounts[] = targets.map(() => new Map());
  const batches: SoakBatch[] = [];

  for (let sent = 0; sent < settings.requests;) {
    const amount = Math.min(SOAK_BATCH, settings.requests - sent);
    const startedAt = performance.now();
    const sample = await countedLoad(server.origin, targets, settings.connections, amount).catch(
      (error: unknown) => {
        const death = server.exited();
        const why = death ? `the server died (${describeExit(death)}); ` : "";
        throw new Error(`${why}load failed after ${sent} requests`, { cause: error });
      },
    );
    sent += amount;
    sample.statusCounts.forEach((counts, index) => addCounts(perTarget[index]!, counts));
    batches.push({
      requests: amount,
      seconds: (performance.now() - startedAt) / 1000,
      rssMiB: residentMiB(server.pid),
    });
    const death = server.exited();
    if (death) throw new Error(`the server died after ${sent} requests: ${describeExit(death)}`);
    progress(`${sent.toLocaleString("en-US")} requests, server at ${batches.at(-1)!.rssMiB} MiB`);
  }

  // Every answer by request kind, and what the 200s did to each bike's stock.
  const answers: SoakResult["answers"] = { read: new Map(), deliver: new Map(), import: new Map() };
  const changes = ids.map(() => ({ delivered: 0, imported: 0 }));
  targets.forEach((target, index) => {
    const counts = perTarget[index]!;
    addCounts(answers[target.kind], counts);
    const succeeded = counts.get(200) ?? 0;
    if (target.kind === "deliver") changes[target.bike]!.delivered += succeeded;
    if (target.kind === "import") changes[target.bike]!.imported += succeeded * target.amount;
  });
  for (const kind of ["read", "deliver", "import"] as const) {
    if ([...answers[kind].keys()].some((status) => status !== 200)) {
      throw new Error(`${kind} requests were answered ${describeStatuses([answers[kind]])}`);
    }
  }
  for (const [bike, id] of ids.entries()) {
    const { delivered, imported } = changes[bike]!;
    const expected = STARTING_QUANTITY - delivered + imported;
    const quantity = await quantityOf(server.origin, id);
    if (quantity !== expected) {
      throw new ExactnessError(
        `bike ${id} holds ${quantity} units; ${STARTING_QUANTITY} - ${delivered} delivered + ` +
          `${imported} imported = ${expected}`,
      );
    }
  }

  const exit = await server.stop();
  if (exit.code !== 0) throw new Error(`the server did not stop cleanly: ${describeExit(exit)}`);
  return {
    batches,
    answers,
    unitsDelivered: changes.reduce((total, change) => total + change.delivered, 0),
    unitsImported: changes.reduce((total, change) => total + change.imported, 0),
    ledgerEntries: checkLedger(databaseFile, ids, changes),
    exit,
  };
}

/**
 * Per bike, ten requests: six reads (the bike, the list, the bike's ledger), three deliveries and
 * one import of 1 to 5 units. The connections cycle through every bike's ten.
 */
function mixedTargets(cookie: string, ids: string[]): SoakTarget[] {
  return ids.flatMap((id, bike): SoakTarget[] => {
    const target = (
      kind: RequestKind,
      urlPath: string,
      extra: Partial<SoakTarget> = {},
    ): SoakTarget => {
      const method = kind === "read" ? "GET" : "POST";
      return { kind, bike, amount: 0, method, path: urlPath, ...extra };
    };
    const one = target("read", `/api/bikes/${id}`);
    const list = target("read", "/api/bikes");
    const deliver = target("deliver", `/api/bikes/${id}/deliveries`, { headers: { cookie } });
    const amount = (bike % 5) + 1;
    const restock = target("import", `/api/bikes/${id}/imports`, {
      amount,
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ amount }),
    });
    const ledger = target("read", `/api/bikes/${id}/movements?limit=20`, { headers: { cookie } });
    return [one, deliver, list, deliver, ledger, restock, one, deliver, list, one];
  });
}

/**
 * Reads the stopped server's database file directly: every bike's ledger must hold exactly one
 * entry per answered delivery and import, and its deltas must sum to the stored quantity.
 */
function checkLedger(
  file: string,
  ids: string[],
  changes: { delivered: number; imported: number }[],
): number {
  const database = new SQLite(file, { readonly: true });
  try {
    const ledger = database.prepare<[string], { kind: string; entries: number; units: number }>(
      "select kind, count(*) as entries, sum(delta) as units from stock_movement " +
        "where bike_id = ? group by kind",
    );
    const stored = database.prepare<[string], { quantity: number }>(
      "select quantity from bike where id = ?",
    );
    let entries = 0;
    for (const [bike, id] of ids.entries()) {
      const rows = new Map(ledger.all(id).map((row) => [row.kind, row]));
      const { delivered, imported } = changes[bike]!;
      const deliveries = rows.get("deliver");
      const imports = rows.get("import");
      const total = [...rows.values()].reduce((sum, row) => sum + row.units, 0);
      const quantity = stored.get(id)?.quantity;
      const fine =
        rows.get("create")?.units === STARTING_QUANTITY &&
        deliveries?.entries === delivered &&
        deliveries.units === -delivered &&
        imports?.units === imported &&
        total === quantity;
      if (!fine) {
        throw new ExactnessError(
          `bike ${id}: ledger ${JSON.stringify([...rows.values()])}, quantity ${quantity}; ` +
            `answered ${delivered} deliveries and ${imported} imported units`,
        );
      }
      entries += [...rows.values()].reduce((sum, row) => sum + row.entries, 0);
    }
    return entries;
  } finally {
    database.close();
  }
}

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kilobytes / 1024);
}

function describeExit({ code, signal }: ChildExit): string {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}
