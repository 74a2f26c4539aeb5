/**
 * The rolling-restart test (issue 27): the README's production layout on loopback, PostgreSQL,
 * two instances and nginx with TLS, restarted one instance after the other under load, and
 * nothing lost. Run by scripts/production-test.sh (`npm run test:production`), which provides
 * PostgreSQL (ADMIN_DATABASE_URL) and the Debian packages; prints its figures and exits non-zero
 * on any failure.
 */
import { STOCK_EVENTS_PATH } from "@ultimate-bikes/contract/stock-events";
import { LEDGER_PAGE_MAX, type LedgerPage } from "@ultimate-bikes/contract/ledger";
import type { Bike } from "@ultimate-bikes/contract/bikes";
import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";
import { freePort } from "@ultimate-bikes/test-support/postgres-cluster";
import {
  appInstance,
  createAppDatabase,
  selfSignedCertificate,
  startNginx,
  stopIfRunning,
  type Instance,
  type Nginx,
} from "@ultimate-bikes/test-support/production-layout";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expectOk, send, staffToken, type Outcome } from "./api-client.ts";
import { openReconnectingStream, type ReconnectingStream } from "./reconnecting-stream.ts";

const STREAMS = 50;
const BIKES = 8;
const READERS = 3;
const WRITERS = 3;
/** Load before, between and after the restarts, so each restart happens in the middle of it. */
const STEADY_SECONDS = 3;
/** systemd's TimeoutStopSec in deploy/systemd/ultimate-bikes@.service. */
const STOP_BOUND_MS = 30_000;
/** The whole run stops by itself even if something hangs. */
const RUN_BOUND_MS = 150_000;

const adminUrl = process.env.ADMIN_DATABASE_URL;
if (!adminUrl) {
  console.error("ADMIN_DATABASE_URL is not set: run scripts/production-test.sh");
  process.exit(2);
}

const failures: string[] = [];
const requestsByKind = new Map<string, number>();
const failuresByKind = new Map<string, number>();
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** Counts one request of `kind`; any answer but the expected one is a failure. */
function record(kind: string, outcome: Outcome, expected = 200) {
  count(requestsByKind, kind);
  if ("error" in outcome) {
    count(failuresByKind, kind);
    failures.push(`${kind}: connection error ${outcome.error}`);
  } else if (outcome.status !== expected) {
    count(failuresByKind, kind);
    failures.push(`${kind}: ${outcome.status} ${outcome.body.slice(0, 200)}`);
  }
}

const step = (message: string) => console.error(`… ${message}`);

interface AcknowledgedWrite {
  bikeId: string;
  reference: string;
  delta: number;
}

/** Reads and writes, each worker one request at a time, until stop(). */
function startLoad(origin: string, token: string, bikeIds: string[]) {
  const acknowledged: AcknowledgedWrite[] = [];
  let stopped = false;
  let writeNumber = 0;
  const auth = { authorization: `Bearer ${token}` };
  const pick = () => bikeIds[Math.floor(Math.random() * bikeIds.length)]!;

  async function reader() {
    while (!stopped) {
      if (Math.random() < 0.5) {
        record("read: stock list", await send(`${origin}/api/stock?limit=20`));
      } else {
        record("read: one bike", await send(`${origin}/api/bikes/${pick()}`, { headers: auth }));
      }
    }
  }

  async function writer() {
    while (!stopped) {
      const bikeId = pick();
      const reference = `rolling-${++writeNumber}`;
      const deliver = Math.random() < 0.5;
      const amount = deliver ? 1 : 1 + Math.floor(Math.random() * 3);
      const kind = deliver ? "write: delivery" : "write: import";
      const outcome = await send(
        `${origin}/api/bikes/${bikeId}/${deliver ? "deliveries" : "imports"}`,
        {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify(deliver ? { reference } : { amount, reference }),
        },
      );
      record(kind, outcome);
      if (!("error" in outcome) && outcome.status === 200) {
        acknowledged.push({ bikeId, reference, delta: deliver ? -1 : amount });
      }
    }
  }

  const workers = [
    ...Array.from({ length: READERS }, reader),
    ...Array.from({ length: WRITERS }, writer),
  ];
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

/** Every ledger movement newer than `afterId` (of `bikeId` when given), oldest first. */
async function movementsAfter(origin: string, token: string, afterId: number, bikeId?: string) {
  const found: LedgerPage["items"] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(LEDGER_PAGE_MAX) });
    if (bikeId) query.set("bikeId", bikeId);
    if (cursor) query.set("cursor", cursor);
    const page = JSON.parse(
      await expectOk("the ledger", `${origin}/api/movements?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    ) as LedgerPage;
    found.push(...page.items.filter((item) => item.id > afterId));
    const oldest = page.items.at(-1);
    cursor = oldest && oldest.id > afterId ? page.nextCursor : null;
  } while (cursor);
  return found.reverse();
}

/** SIGTERM, wait for the exit, start again, wait for readiness: one instance's upgrade. */
async function restart(instance: Instance) {
  const startedAt = performance.now();
  const exit = await instance.stop(STOP_BOUND_MS);
  // The end of what it logged says why (LOG_LEVEL=warn: only problems).
  const said = () => instance.output().trim().split("\n").slice(-5).join("\n    ");
  if (exit.killed) {
    failures.push(
      `instance ${instance.name} did not exit within ${STOP_BOUND_MS} ms:\n    ${said()}`,
    );
  } else if (exit.code !== 0) {
    failures.push(
      `instance ${instance.name} exited with ${exit.signal ?? exit.code}:\n    ${said()}`,
    );
  }
  await instance.start();
  const seconds = (performance.now() - startedAt) / 1000;
  step(
    `restarted ${instance.name}: stopped in ${instance.lastStopSeconds.toFixed(2)} s, ready ` +
      `${instance.lastStartSeconds.toFixed(2)} s later (${seconds.toFixed(2)} s in all)`,
  );
  return seconds;
}

async function main() {
  const runStartedAt = performance.now();
  const dir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-production-"));
  let instances: Instance[] = [];
  let nginx: Nginx | undefined;
  let streams: ReconnectingStream[] = [];
  try {
    step("database, certificate, two instances and nginx");
    const databaseUrl = await createAppDatabase(adminUrl!, `ub_production_${process.pid}`);
    const { certificate, key } = await selfSignedCertificate(dir);
    const [httpsPort, httpPort, portA, portB] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const publicUrl = `https://localhost:${httpsPort}`;
    // The operator's environment file (README, "Running in production"), shared by the instances.
    const environment = {
      NODE_ENV: "production",
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: "127.0.0.1",
      SEED: "off",
      LOG_LEVEL: "warn",
      // Every stream of this test comes from one address, as from one office behind NAT.
      EVENT_STREAMS_PER_CLIENT: String(STREAMS * 2),
    };
    instances = [
      appInstance("A", portA, environment, path.join(dir, "a")),
      appInstance("B", portB, environment, path.join(dir, "b")),
    ];
    for (const instance of instances) await instance.start();
    nginx = await startNginx(path.join(dir, "nginx"), {
      UB_SERVER_NAME: "localhost",
      UB_HTTP_LISTEN: `127.0.0.1:${httpPort}`,
      UB_HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
      UB_INSTANCE_A: `127.0.0.1:${portA}`,
      UB_INSTANCE_B: `127.0.0.1:${portB}`,
      UB_CERTIFICATE: certificate,
      UB_CERTIFICATE_KEY: key,
    });
    const origin = nginx.origin;

    const token = await staffToken(
      origin,
      instances.map((instance) => path.join(dir, instance.name.toLowerCase())),
    );
    const bikeIds: string[] = [];
    for (let index = 0; index < BIKES; index++) {
      const body = await expectOk("adding a bike", `${origin}/api/bikes`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(newBikeBody({ quantity: "1000" })),
      });
      bikeIds.push((JSON.parse(body) as { insertedId: string }).insertedId);
    }

    step(`${STREAMS} event streams through nginx`);
    streams = await Promise.all(
      Array.from({ length: STREAMS }, () =>
        openReconnectingStream(`${origin}/api${STOCK_EVENTS_PATH}`),
      ),
    );
    const firstStreamId = Math.min(...streams.map((stream) => stream.startId));

    step("load: reads, deliveries and imports");
    const load = startLoad(origin, token, bikeIds);
    const loadStartedAt = performance.now();
    await sleep(STEADY_SECONDS * 1000);
    const restartSeconds: number[] = [];
    restartSeconds.push(await restart(instances[0]!));
    await sleep(STEADY_SECONDS * 1000);
    restartSeconds.push(await restart(instances[1]!));
    await sleep(STEADY_SECONDS * 1000);
    await load.stop();
    const loadSeconds = (performance.now() - loadStartedAt) / 1000;

    step("checks: the ledger against every acknowledged write, every stream against the ledger");
    const newest = await movementsAfter(origin, token, firstStreamId);
    const newestId = newest.at(-1)?.id ?? firstStreamId;
    const caughtUpBy = Date.now() + 20_000;
    while (streams.some((stream) => (stream.ids.at(-1) ?? stream.startId) < newestId)) {
      if (Date.now() > caughtUpBy) break;
      await sleep(100);
    }
    for (const stream of streams) stream.close();

    let ledgerEntries = 0;
    for (const bikeId of bikeIds) {
      const bike = JSON.parse(
        await expectOk("a bike", `${origin}/api/bikes/${bikeId}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      ) as Bike;
      const ledger = await movementsAfter(origin, token, 0, bikeId);
      ledgerEntries += ledger.length;
      const sum = ledger.reduce((total, entry) => total + entry.delta, 0);
      if (sum !== bike.quantity) {
        failures.push(
          `bike ${bikeId}: its ledger adds up to ${sum}, its quantity is ${bike.quantity}`,
        );
      }
      const byReference = new Map<string, number[]>();
      for (const entry of ledger) {
        if (entry.reference) {
          byReference.set(entry.reference, [
            ...(byReference.get(entry.reference) ?? []),
            entry.delta,
          ]);
        }
      }
      for (const write of load.acknowledged.filter((write) => write.bikeId === bikeId)) {
        const deltas = byReference.get(write.reference) ?? [];
        if (deltas.length !== 1 || deltas[0] !== write.delta) {
          failures.push(
            `acknowledged write ${write.reference} (${write.delta}) is in the ledger as [${deltas.join(", ")}]`,
          );
        }
      }
    }

    const eventCounts: number[] = [];
    for (const [index, stream] of streams.entries()) {
      const expected = newest.filter((entry) => entry.id > stream.startId).map((entry) => entry.id);
      eventCounts.push(stream.ids.length);
      failures.push(...stream.failures.map((failure) => `stream ${index}: ${failure}`));
      const received = stream.ids.join(",");
      if (received !== expected.join(",")) {
        const seen = new Set<number>();
        const duplicates = stream.ids.filter((id) => seen.has(id) || !seen.add(id)).length;
        const missing = expected.filter((id) => !seen.has(id)).length;
        const outOfOrder = stream.ids.some((id, at) => at > 0 && id < stream.ids[at - 1]!);
        failures.push(
          `stream ${index}: ${stream.ids.length} events for ${expected.length} movements ` +
            `(${missing} missing, ${duplicates} twice${outOfOrder ? ", out of order" : ""})`,
        );
      }
    }

    const requests = [...requestsByKind.values()].reduce((sum, value) => sum + value, 0);
    const reconnections = streams.reduce((sum, stream) => sum + stream.connections - 1, 0);
    const clean = streams.reduce((sum, stream) => sum + stream.endings.clean, 0);
    const cut = streams.reduce((sum, stream) => sum + stream.endings.cut, 0);
    console.log("Rolling restart through nginx (TLS) of two instances on one PostgreSQL");
    console.log(`  load: ${loadSeconds.toFixed(1)} s, ${READERS} readers and ${WRITERS} writers`);
    for (const [index, seconds] of restartSeconds.entries()) {
      const instance = instances[index]!;
      console.log(
        `  restart of ${instance.name}: ${seconds.toFixed(2)} s ` +
          `(SIGTERM to exit ${instance.lastStopSeconds.toFixed(2)} s, start to ready ${instance.lastStartSeconds.toFixed(2)} s)`,
      );
    }
    console.log(`  requests: ${requests}`);
    for (const [kind, number] of [...requestsByKind].sort()) {
      console.log(`    ${kind}: ${number}, failed ${failuresByKind.get(kind) ?? 0}`);
    }
    console.log(
      `  acknowledged writes: ${load.acknowledged.length}, all in the ledger: ` +
        `${failures.some((failure) => failure.startsWith("acknowledged")) ? "no" : "yes"} ` +
        `(${ledgerEntries} movements of ${BIKES} bikes)`,
    );
    console.log(
      `  event streams: ${STREAMS}, events per stream ${Math.min(...eventCounts)}–${Math.max(...eventCounts)} ` +
        `(ledger movements meanwhile: ${newest.length}), reconnections ${reconnections} ` +
        `(${clean} ended by the server, ${cut} cut)`,
    );
    console.log(`  failures: ${failures.length}`);
    console.log(`  wall time: ${((performance.now() - runStartedAt) / 1000).toFixed(1)} s`);
  } finally {
    for (const stream of streams) stream.close();
    await nginx?.stop();
    for (const instance of instances) await stopIfRunning(instance);
    if (failures.length === 0) rmSync(dir, { recursive: true, force: true });
    else console.error(`kept for a look: ${dir}`);
  }
}

const bound = setTimeout(() => {
  console.error(`the rolling-restart test did not finish within ${RUN_BOUND_MS / 1000} s`);
  process.exit(1);
}, RUN_BOUND_MS);
bound.unref();

try {
  await main();
} catch (error) {
  failures.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
}
if (failures.length > 0) {
  console.error(`\n${failures.length} failures:`);
  for (const failure of failures.slice(0, 40)) console.error(`  ${failure}`);
  if (failures.length > 40) console.error(`  … and ${failures.length - 40} more`);
  process.exit(1);
}
process.exit(0);
