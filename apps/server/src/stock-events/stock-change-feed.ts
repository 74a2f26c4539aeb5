import type { StockEvent } from "@ultimate-bikes/contract/stock-events";
import type { FastifyBaseLogger } from "fastify";
import { setImmediate } from "node:timers/promises";
import type { LedgerRepository } from "../ledger/ledger-repository.ts";
import type { StockChanges } from "../db/stock-changes.ts";

/** Movements read per query: a burst (a bulk import) goes out in slices of this many. */
const BATCH_SIZE = 500;
/** After a failed read (the database is away), try again this soon even without a signal. */
const RETRY_AFTER_FAILURE_MS = 1000;

type Ledger = Pick<LedgerRepository, "latestMovementId" | "movementsAfter">;

/**
 * Tails the ledger: on every change signal, reads the movements after the last one it passed on,
 * in id order, and hands them to its listeners. The ledger, not the signal, says what happened, so
 * a signal lost or merged with others (a lost LISTEN connection, a burst of writes) loses no event:
 * the next read picks up everything after the last id. At most one read runs at a time; signals
 * that arrive meanwhile cause one more. `afterBurst` runs once a burst of several slices is read.
 */
export function createStockChangeFeed(
  ledger: Ledger,
  changes: StockChanges,
  log: FastifyBaseLogger,
  afterBurst: () => void = () => undefined,
) {
  const listeners = new Set<(events: StockEvent[]) => void>();
  let position = 0;
  let started = false;
  let closed = false;
  let reading = false;
  let readAgain = false;
  let retryTimer: NodeJS.Timeout | undefined;

  async function catchUp() {
    if (!started || closed) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    let slices = 0;
    try {
      do {
        readAgain = false;
        const events = await ledger.movementsAfter(position, BATCH_SIZE);
        if (closed) return;
        if (events.length > 0) {
          position = events.at(-1)!.id;
          for (const listener of listeners) listener(events);
        }
        if (events.length === BATCH_SIZE) {
          readAgain = true;
          slices += 1;
          // A burst (a CSV import's 30,000 entries) is read a slice a turn of the event loop, so
          // requests are answered in between: on SQLite each read holds the loop while it runs.
          await setImmediate();
        }
      } while (readAgain);
      // What a burst's reads left in memory goes back now it is over (on SQLite, the pages of a
      // file that grew by the burst stay mapped otherwise: memory the server no longer needs).
      if (slices > 0) afterBurst();
    } catch (error) {
      if (closed) return;
      log.warn({ err: error }, "reading the stock ledger failed; trying again");
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void catchUp(), RETRY_AFTER_FAILURE_MS);
    } finally {
      reading = false;
    }
  }

  const stopListening = changes.subscribe(() => void catchUp());

  return {
    /** Starts from the newest movement: what came before is history, replayed only on request. */
    async start() {
      position = (await ledger.latestMovementId()) ?? 0;
      started = true;
      // A change signalled while it started is read now.
      await catchUp();
    },

    onEvents(listener: (events: StockEvent[]) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    close() {
      closed = true;
      clearTimeout(retryTimer);
      stopListening();
      listeners.clear();
    },
  };
}

export type StockChangeFeed = ReturnType<typeof createStockChangeFeed>;
