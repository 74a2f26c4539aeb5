import { insertedSchema, stockMovementListSchema } from "@ultimate-bikes/contract/bikes";
import { newBikeBody } from "@ultimate-bikes/test-support/new-bike";
import { freePort } from "@ultimate-bikes/test-support/postgres-cluster";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import {
  killNine,
  signUpOver,
  startAppProcess,
  stopAppProcess,
  type AppProcess,
} from "../../test/app-process.ts";
import { ledgerProblems, startWriteLoad, type SendWrite } from "../../test/write-load.ts";

/*
 * SQLite only (a plain *.test.ts): the real server in a process of its own, killed with SIGKILL
 * in the middle of concurrent deliveries and imports, then started again on the same DATA_DIR.
 * No write the API acknowledged may be lost, and every quantity must still be its ledger's sum.
 */

const BIKES = 8;
const OPENING_STOCK = 1000;
/** Acknowledged writes before the kill: well under a ledger page (200) per bike. */
const WRITES_BEFORE_KILL = 400;
const WORKERS = 24;

describe("acknowledged stock writes across kill -9 of the server (SQLite)", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-test-"));
  let app: AppProcess | undefined;

  afterAll(async () => {
    await stopAppProcess(app);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every acknowledged write, and quantities equal their ledgers", async () => {
    const port = await freePort();
    app = await startAppProcess(port, { DATA_DIR: dataDir });
    const { origin } = app;
    const cookie = await signUpOver(origin);
    const headers = { cookie, origin };

    const bikeIds: string[] = [];
    for (let index = 0; index < BIKES; index++) {
      const added = await fetch(`${origin}/api/bikes`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify(newBikeBody({ quantity: String(OPENING_STOCK) })),
      });
      expect(added.status, await added.clone().text()).toBe(201);
      bikeIds.push(insertedSchema.parse(await added.json()).insertedId);
    }

    const send: SendWrite = async (bikeId, write) => {
      const response = await fetch(
        `${origin}/api/bikes/${bikeId}/${write.kind === "deliver" ? "deliveries" : "imports"}`,
        write.kind === "deliver"
          ? { method: "POST", headers }
          : {
              method: "POST",
              headers: { ...headers, "content-type": "application/json" },
              body: JSON.stringify({ amount: write.amount }),
            },
      );
      return { status: response.status, body: await response.text() };
    };
    const writes = startWriteLoad({ bikeIds, workers: WORKERS, send });
    const deadline = Date.now() + 20_000;
    while (writes.load.acknowledged.length < WRITES_BEFORE_KILL && Date.now() < deadline) {
      await sleep(5);
    }
    await killNine(app);
    // The workers' next requests find nothing listening; let them see it, then stop them.
    await sleep(100);
    const load = await writes.stop();
    expect(load.acknowledged.length).toBeGreaterThanOrEqual(WRITES_BEFORE_KILL);
    // Only the kill may cut requests off, and nothing else may refuse a write.
    expect(load.unanswered).toBeLessThanOrEqual(WORKERS);
    expect([...load.refused.keys()].filter((key) => !/no answer|refused/.test(key))).toEqual([]);

    app = await startAppProcess(port, { DATA_DIR: dataDir });
    const problems: string[] = [];
    let unacknowledged = 0;
    for (const bikeId of bikeIds) {
      const bike = await fetch(`${origin}/api/bikes/${bikeId}`);
      expect(bike.status).toBe(200);
      const { quantity } = (await bike.json()) as { quantity: number };
      const movements = await fetch(`${origin}/api/bikes/${bikeId}/movements?limit=200`, {
        headers,
      });
      expect(movements.status).toBe(200);
      const ledger = stockMovementListSchema.parse(await movements.json());
      expect(ledger.length, "the ledger fits in one page").toBeLessThan(200);
      const [opening, ...changes] = [...ledger].reverse();
      expect(opening).toMatchObject({ kind: "create", delta: OPENING_STOCK });
      problems.push(...ledgerProblems(bikeId, quantity, ledger, load.acknowledged));
      unacknowledged +=
        changes.length - load.acknowledged.filter((write) => write.bikeId === bikeId).length;
    }
    expect(problems).toEqual([]);
    // Writes cut off by the kill may have committed; nothing else may be in the ledger.
    expect(unacknowledged).toBeGreaterThanOrEqual(0);
    expect(unacknowledged).toBeLessThanOrEqual(load.unanswered);
  }, 90_000);
});
