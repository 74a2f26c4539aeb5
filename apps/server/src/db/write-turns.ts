/**
 * Turns at writing to SQLite, within this process. SQLite lets one connection write at a time,
 * and better-sqlite3 waits for another connection's write lock synchronously, with the event loop
 * blocked. The server's own writes share their connection and never wait on each other that way;
 * a CSV import's process writes on a connection of its own (stock-csv/stock-import-process.ts). So
 * the import takes an exclusive turn: it starts once the writes under way have finished, and
 * writes that arrive meanwhile wait for its commit, asynchronously, while reads carry on. Every
 * write through the server's Kysely takes a shared turn (turn-taking-sqlite-dialect.ts).
 */
export interface WriteTurns {
  /**
   * Waits until no exclusive turn is under way, then counts one of the server's own writes (a
   * statement, or a transaction from its start) as under way until the function it returns is
   * called.
   */
  shared(): Promise<() => void>;
  /** Runs `write` once the writes under way have finished, holding new ones back until it ends. */
  exclusive<T>(write: () => Promise<T>): Promise<T>;
  /** Now: writes under way, writes waiting for an import's turn, and whether one holds it. */
  state(): { running: number; waiting: number; importing: boolean };
}

export function createWriteTurns(): WriteTurns {
  let running = 0;
  let waiting = 0;
  let allFinished: (() => void) | undefined;
  let exclusiveTurn: Promise<void> | undefined;
  return {
    async shared() {
      if (exclusiveTurn) {
        waiting++;
        while (exclusiveTurn) await exclusiveTurn;
        waiting--;
      }
      running++;
      let finished = false;
      return () => {
        if (finished) return;
        finished = true;
        running--;
        if (running === 0) allFinished?.();
      };
    },
    async exclusive(write) {
      while (exclusiveTurn) await exclusiveTurn;
      let end!: () => void;
      exclusiveTurn = new Promise((resolve) => (end = resolve));
      try {
        if (running > 0) await new Promise<void>((resolve) => (allFinished = resolve));
        return await write();
      } finally {
        allFinished = undefined;
        exclusiveTurn = undefined;
        end();
      }
    },
    state: () => ({ running, waiting, importing: exclusiveTurn !== undefined }),
  };
}
