import { bikeSchema, type StockMovement } from "@ultimate-bikes/contract/bikes";

/**
 * Concurrent stock writes for the tests that break the server or its database under load, and
 * the check that the ledger kept every write the API acknowledged.
 */

export type StockWrite = { kind: "deliver" } | { kind: "import"; amount: number };

/** A write the API answered 200, with the quantity it said the bike had after it. */
export interface AcknowledgedWrite {
  bikeId: string;
  kind: StockWrite["kind"];
  delta: number;
  quantityAfter: number;
}

export interface WriteLoad {
  readonly acknowledged: AcknowledgedWrite[];
  /** How many answers of each status other than 200, and of each kind of failure. */
  readonly refused: Map<string, number>;
  /** Requests cut off without an answer: they may or may not have been committed. */
  unanswered: number;
}

export type SendWrite = (
  bikeId: string,
  write: StockWrite,
) => Promise<{ status: number; body: string }>;

const randomWrite = (): StockWrite =>
  Math.random() < 0.5
    ? { kind: "deliver" }
    : { kind: "import", amount: 1 + Math.floor(Math.random() * 5) };

const refusedConnection = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED";

/**
 * Keeps `workers` writes in flight at once, to random bikes, until stop() is called; a request
 * refused or unanswered makes its worker pause `pauseMs` before the next.
 */
export function startWriteLoad(options: {
  bikeIds: readonly string[];
  workers: number;
  send: SendWrite;
  pauseMs?: number;
}): { load: WriteLoad; stop(): Promise<WriteLoad> } {
  const load: WriteLoad = { acknowledged: [], refused: new Map(), unanswered: 0 };
  const count = (key: string) => load.refused.set(key, (load.refused.get(key) ?? 0) + 1);
  let stopped = false;
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 20));
  async function worker() {
    while (!stopped) {
      const bikeId = options.bikeIds[Math.floor(Math.random() * options.bikeIds.length)]!;
      const write = randomWrite();
      try {
        const { status, body } = await options.send(bikeId, write);
        if (status !== 200) {
          count(String(status));
          await pause();
          continue;
        }
        load.acknowledged.push({
          bikeId,
          kind: write.kind,
          delta: write.kind === "deliver" ? -1 : write.amount,
          quantityAfter: bikeSchema.parse(JSON.parse(body)).quantity,
        });
      } catch (error) {
        // A refused connection reached no server; any other failure may have been committed.
        if (refusedConnection(error)) count("connection refused");
        else {
          count("no answer");
          load.unanswered++;
        }
        await pause();
      }
    }
  }
  const workers = Promise.all(Array.from({ length: options.workers }, worker));
  return {
    load,
    async stop() {
      stopped = true;
      await workers;
      return load;
    },
  };
}

/**
 * What is wrong with a bike's ledger (every movement, any order) given its stored quantity and
 * the writes acknowledged for it: a missing acknowledged write, or a quantity that is not the
 * sum of the ledger.
 */
export function ledgerProblems(
  bikeId: string,
  quantity: number,
  ledger: readonly StockMovement[],
  acknowledged: readonly AcknowledgedWrite[],
): string[] {
  const problems: string[] = [];
  const sum = ledger.reduce((total, movement) => total + movement.delta, 0);
  if (sum !== quantity) {
    problems.push(`bike ${bikeId}: quantity ${quantity}, but its ledger sums to ${sum}`);
  }
  const key = (kind: string, delta: number, after: number) => `${kind} ${delta} → ${after}`;
  const unmatched = new Map<string, number>();
  for (const movement of ledger) {
    const movementKey = key(movement.kind, movement.delta, movement.quantityAfter);
    unmatched.set(movementKey, (unmatched.get(movementKey) ?? 0) + 1);
  }
  for (const write of acknowledged.filter((write) => write.bikeId === bikeId)) {
    const writeKey = key(write.kind, write.delta, write.quantityAfter);
    const left = unmatched.get(writeKey) ?? 0;
    if (left === 0) problems.push(`bike ${bikeId}: acknowledged ${writeKey} is not in the ledger`);
    else unmatched.set(writeKey, left - 1);
  }
  return problems;
}
