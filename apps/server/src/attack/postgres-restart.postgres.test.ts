import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it, vi } from "vitest";
import { signUp } from "../../test/accounts.ts";
import {
  addBike,
  deliver,
  importUnits,
  movementsOf,
  quantityOf,
} from "../../test/stock-helpers.ts";
import { ledgerProblems, startWriteLoad, type SendWrite } from "../../test/write-load.ts";
import { useAppOnOwnPostgres } from "../../test/own-postgres-app.ts";

/*
 * PostgreSQL restarted under concurrent stock writes, the app left running: it must answer
 * again by itself, keep every write it acknowledged, and keep every quantity its ledger's sum.
 * Requests during the outage may be refused, with a 503, never a 500 and never with a crash.
 * Restarting cuts every connection, so this file has a cluster of its own.
 */

const BIKES = 6;
const OPENING_STOCK = 1000;
const WRITES_BEFORE_RESTART = 100;
/** After PostgreSQL is back, how soon the app must acknowledge writes again by itself. */
const RECOVERY_MS = 20_000;
/** Acknowledged writes after the restart that show the app has really recovered. */
const WRITES_AFTER_RESTART = 50;

describe("stock writes across a PostgreSQL restart", () => {
  const own = useAppOnOwnPostgres();

  it("recovers by itself and loses no acknowledged write", async () => {
    // An outage is worth an error in the log (better-auth writes its own to the console); what
    // must not happen is an error nobody handles, which would end the process.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const server = own.app;
    const user = await signUp(server);
    const bikeIds: string[] = [];
    for (let index = 0; index < BIKES; index++) {
      bikeIds.push(await addBike(server, user, { quantity: OPENING_STOCK }));
    }
    const send: SendWrite = async (bikeId, write) => {
      const response =
        write.kind === "deliver"
          ? await deliver(server, user, bikeId)
          : await importUnits(server, user, bikeId, write.amount);
      return { status: response.statusCode, body: response.body };
    };

    const writes = startWriteLoad({ bikeIds, workers: 16, send, pauseMs: 50 });
    const { load } = writes;
    while (load.acknowledged.length < WRITES_BEFORE_RESTART) await sleep(5);
    await own.cluster.restart({ downForMs: 1000 });
    const backAt = Date.now();
    const acknowledgedWhenBack = load.acknowledged.length;
    while (
      load.acknowledged.length < acknowledgedWhenBack + WRITES_AFTER_RESTART &&
      Date.now() - backAt < RECOVERY_MS
    ) {
      await sleep(10);
    }
    const recoveredInMs = Date.now() - backAt;
    await writes.stop();

    const refusals = Object.fromEntries(load.refused);
    expect(
      load.acknowledged.length,
      `recovered within ${RECOVERY_MS} ms (refused meanwhile: ${JSON.stringify(refusals)})`,
    ).toBeGreaterThanOrEqual(acknowledgedWhenBack + WRITES_AFTER_RESTART);
    expect(recoveredInMs).toBeLessThan(RECOVERY_MS);
    // Refused, never crashed: every request got an answer, and every refusal was a 503 (the
    // database is away, try again), never a 500.
    expect(load.unanswered).toBe(0);
    expect(
      Object.keys(refusals).filter((status) => status !== "503"),
      JSON.stringify(refusals),
    ).toEqual([]);

    const problems: string[] = [];
    let unacknowledged = 0;
    for (const bikeId of bikeIds) {
      const quantity = await quantityOf(server, bikeId);
      const ledger = await movementsOf(server, user, bikeId, 200);
      expect(ledger.length, "the ledger fits in one page").toBeLessThan(200);
      const [opening, ...changes] = [...ledger].reverse();
      expect(opening).toMatchObject({ kind: "create", delta: OPENING_STOCK });
      problems.push(...ledgerProblems(bikeId, quantity ?? Number.NaN, ledger, load.acknowledged));
      unacknowledged +=
        changes.length - load.acknowledged.filter((write) => write.bikeId === bikeId).length;
    }
    expect(problems).toEqual([]);
    // A write refused as the connection broke may still have committed; nothing else may.
    const refusedCount = [...load.refused.values()].reduce((sum, count) => sum + count, 0);
    expect(unacknowledged).toBeGreaterThanOrEqual(0);
    expect(unacknowledged).toBeLessThanOrEqual(refusedCount);
    expect((await server.inject("/api/health")).statusCode).toBe(200);
  }, 60_000);
});
