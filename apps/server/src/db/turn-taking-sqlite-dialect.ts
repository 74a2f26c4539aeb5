import {
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDialectConfig,
  type TransactionSettings,
} from "kysely";
import type { WriteTurns } from "./write-turns.ts";

type Options = Parameters<DatabaseConnection["executeQuery"]>[1];

/** A statement that only reads: it never waits for a turn, as WAL lets it read beside a writer. */
const onlyReads = ({ query, sql }: CompiledQuery) =>
  SelectQueryNode.is(query) || (RawNode.is(query) && /^\s*select\b/i.test(sql));

/**
 * The one SQLite connection, used by one statement or one transaction at a time, as Kysely's
 * own SQLite driver is (Kysely serializes it when the adapter says it has a single connection).
 * Here the driver serializes it itself, so that a write waits for its turn before it holds the
 * connection: a write holding it while it waited for an import to commit would hold every read.
 */
class SharedConnection {
  readonly inner: DatabaseConnection;
  readonly turns: WriteTurns;
  #last: Promise<void> = Promise.resolve();

  constructor(inner: DatabaseConnection, turns: WriteTurns) {
    this.inner = inner;
    this.turns = turns;
  }

  /** Waits for the statements and transactions before; the function it returns lets go. */
  async hold(): Promise<() => void> {
    const before = this.#last;
    let letGo!: () => void;
    this.#last = new Promise((resolve) => (letGo = resolve));
    await before;
    return letGo;
  }
}

/** What Kysely acquires for a statement or a transaction: a turn at the shared connection. */
class TurnTakingConnection implements DatabaseConnection {
  readonly shared: SharedConnection;
  /** Lets go of the connection and the turn the transaction under way holds, if one is. */
  endTransaction: (() => void) | undefined;

  constructor(shared: SharedConnection) {
    this.shared = shared;
  }

  async executeQuery<R>(query: CompiledQuery, options?: Options): Promise<QueryResult<R>> {
    const { inner, turns } = this.shared;
    if (this.endTransaction) return inner.executeQuery(query, options);
    const endTurn = onlyReads(query) ? undefined : await turns.shared();
    const letGo = await this.shared.hold();
    try {
      return await inner.executeQuery(query, options);
    } finally {
      letGo();
      endTurn?.();
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize: number, options?: Options) {
    const { inner } = this.shared;
    if (this.endTransaction) return yield* inner.streamQuery<R>(query, chunkSize, options);
    const letGo = await this.shared.hold();
    try {
      yield* inner.streamQuery<R>(query, chunkSize, options);
    } finally {
      letGo();
    }
  }
}

/** Kysely's SQLite driver, its transactions and writes taking shared turns first. */
class TurnTakingDriver implements Driver {
  readonly #inner: Driver;
  readonly #turns: WriteTurns;
  #shared: SharedConnection | undefined;

  constructor(inner: Driver, turns: WriteTurns) {
    this.#inner = inner;
    this.#turns = turns;
  }

  async init() {
    await this.#inner.init();
    this.#shared = new SharedConnection(await this.#inner.acquireConnection(), this.#turns);
  }

  async acquireConnection() {
    return new TurnTakingConnection(this.#shared!);
  }

  /** A transaction holds its turn from its start: a write after a read must not meet a newer one. */
  async beginTransaction(connection: TurnTakingConnection, settings: TransactionSettings) {
    const endTurn = await this.#turns.shared();
    const letGo = await connection.shared.hold();
    try {
      await this.#inner.beginTransaction(connection.shared.inner, settings);
    } catch (error) {
      letGo();
      endTurn();
      throw error;
    }
    connection.endTransaction = () => {
      letGo();
      endTurn();
    };
  }

  async commitTransaction(connection: TurnTakingConnection) {
    try {
      await this.#inner.commitTransaction(connection.shared.inner);
    } finally {
      this.#end(connection);
    }
  }

  async rollbackTransaction(connection: TurnTakingConnection) {
    try {
      await this.#inner.rollbackTransaction(connection.shared.inner);
    } finally {
      this.#end(connection);
    }
  }

  #end(connection: TurnTakingConnection) {
    connection.endTransaction?.();
    connection.endTransaction = undefined;
  }

  savepoint(connection: TurnTakingConnection, ...rest: SavepointArguments) {
    return this.#inner.savepoint!(connection.shared.inner, ...rest);
  }

  rollbackToSavepoint(connection: TurnTakingConnection, ...rest: SavepointArguments) {
    return this.#inner.rollbackToSavepoint!(connection.shared.inner, ...rest);
  }

  releaseSavepoint(connection: TurnTakingConnection, ...rest: SavepointArguments) {
    return this.#inner.releaseSavepoint!(connection.shared.inner, ...rest);
  }

  async releaseConnection() {}

  destroy() {
    return this.#inner.destroy();
  }
}

type SavepointArguments =
  Parameters<NonNullable<Driver["savepoint"]>> extends [DatabaseConnection, ...infer Rest]
    ? Rest
    : never;

/** SQLite's adapter, but Kysely leaves serializing the connection to the driver above. */
class SelfSerializingSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections() {
    return true;
  }
}

/**
 * Kysely over SQLite, every write of the server's own taking a shared turn (write-turns.ts)
 * before it holds the connection: while a CSV import's process writes on its own connection, the
 * server's writes wait for its commit without blocking the event loop, and its reads carry on.
 */
export class TurnTakingSqliteDialect extends SqliteDialect {
  readonly #turns: WriteTurns;

  constructor(config: SqliteDialectConfig, turns: WriteTurns) {
    super(config);
    this.#turns = turns;
  }

  override createDriver(): Driver {
    return new TurnTakingDriver(super.createDriver(), this.#turns);
  }

  override createAdapter() {
    return new SelfSerializingSqliteAdapter();
  }
}
