import SQLite from "better-sqlite3";
import { readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { appEnv } from "../support/child-env.ts";
import { startChildServer, type ChildExit, type ChildServer } from "../support/child-server.ts";
import { appServerScript } from "../support/paths.ts";
import { withTempDir } from "../support/temp-dir.ts";
import { countedLoad, describeStatuses, type StatusCounts, type Target } from "./counted-load.ts";
import { ExactnessError } from "./deliveries-bench.ts";
import { addBike, BENCH_PUBLIC_URL, quantityOf, signUp, type Session } from "./stock-api.ts";

export interface SoakSettings {
  requests: number;
  batchSize: number;
  connections: number;
  bikes: number;
  gcIntervalMs: number;
}

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

/** Room for every delivery a run can make, so a 409 (stock empty) never happens by design. */
const STARTING_QUANTITY = 500_000;
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
  return withTempDir("ultimate-bikes-soak-", (dataDir) => soakIn(dataDir, settings, progress));
}

async function soakIn(
  dataDir: string,
  settings: SoakSettings,
  progress: (message: string) => void,
): Promise<SoakResult> {
  let server: ChildServer | undefined;
  try {
    server = await startChildServer(
      appServerScript,
      appEnv(dataDir, {
        SEED: "off",
        PUBLIC_URL: BENCH_PUBLIC_URL,
        SOAK_GC_INTERVAL_MS: String(settings.gcIntervalMs),
      }),
      "app",
      ["--expose-gc", "--import", forceGcScript],
    );
    const session = await signUp(server.origin, BENCH_PUBLIC_URL);
    const ids: string[] = [];
    for (let index = 0; index < settings.bikes; index++) {
      ids.push(await addBike(session, `Soak ${index + 1}`, STARTING_QUANTITY));
    }
    const targets = mixedTargets(session, ids);
    const answers: SoakResult["answers"] = {
      read: new Map(),
      deliver: new Map(),
      import: new Map(),
    };
    const perTarget: StatusCounts[] = targets.map(() => new Map());
    const batches: SoakBatch[] = [];

    for (let sent = 0; sent < settings.requests;) {
      const amount = Math.min(settings.batchSize, settings.requests - sent);
      const startedAt = performance.now();
      const sample = await countedLoad(server.origin, targets, settings.connections, amount).catch(
        (error: unknown) => {
          throw new Error(`${describeDeath(server!)}load failed after ${sent} requests`, {
            cause: error,
          });
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

    targets.forEach((target, index) => addCounts(answers[target.kind], perTarget[index]!));
    for (const kind of ["read", "deliver", "import"] as const) {
      const unexpected = [...answers[kind].keys()].filter((status) => status !== 200);
      if (unexpected.length > 0) {
        throw new Error(`${kind} requests were answered ${describeStatuses([answers[kind]])}`);
      }
    }
    const changes = ids.map((_id, bike) => stockChanges(targets, perTarget, bike));
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
    const ledgerEntries = checkLedger(path.join(dataDir, "ultimate-bikes.sqlite"), ids, changes);
    return {
      batches,
      answers,
      unitsDelivered: changes.reduce((total, change) => total + change.delivered, 0),
      unitsImported: changes.reduce((total, change) => total + change.imported, 0),
      ledgerEntries,
      exit,
    };
  } finally {
    await server?.stop();
  }
}

/**
 * Per bike, ten requests: six reads (the bike, the list, the bike's ledger), three deliveries and
 * one import of 1 to 5 units. The connections cycle through every bike's ten.
 */
function mixedTargets(session: Session, ids: string[]): SoakTarget[] {
  const headers = { cookie: session.cookie };
  return ids.flatMap((id, bike): SoakTarget[] => {
    const read = (urlPath: string, withCookie = false): SoakTarget => ({
      kind: "read",
      bike,
      amount: 0,
      method: "GET",
      path: urlPath,
      ...(withCookie ? { headers } : {}),
    });
    const deliver: SoakTarget = {
      kind: "deliver",
      bike,
      amount: 0,
      method: "POST",
      path: `/api/bikes/${id}/deliveries`,
      headers,
    };
    const amount = (bike % 5) + 1;
    const restock: SoakTarget = {
      kind: "import",
      bike,
      amount,
      method: "POST",
      path: `/api/bikes/${id}/imports`,
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ amount }),
    };
    return [
      read(`/api/bikes/${id}`),
      deliver,
      read("/api/bikes"),
      deliver,
      read(`/api/bikes/${id}/movements?limit=20`, true),
      restock,
      read(`/api/bikes/${id}`),
      deliver,
      read("/api/bikes"),
      read(`/api/bikes/${id}`),
    ];
  });
}

function stockChanges(targets: SoakTarget[], perTarget: StatusCounts[], bike: number) {
  let delivered = 0;
  let imported = 0;
  targets.forEach((target, index) => {
    if (target.bike !== bike) return;
    const succeeded = perTarget[index]!.get(200) ?? 0;
    if (target.kind === "deliver") delivered += succeeded;
    if (target.kind === "import") imported += succeeded * target.amount;
  });
  return { delivered, imported };
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

function addCounts(into: StatusCounts, from: StatusCounts): void {
  for (const [status, count] of from) into.set(status, (into.get(status) ?? 0) + count);
}

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kilobytes / 1024);
}

function describeExit({ code, signal }: ChildExit): string {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}

function describeDeath(server: ChildServer): string {
  const death = server.exited();
  return death ? `the server died (${describeExit(death)}); ` : "";
}
