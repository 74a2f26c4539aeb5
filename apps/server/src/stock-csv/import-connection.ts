import type { Statement } from "better-sqlite3";
import type { DatabaseConfig } from "../config.ts";
import type { DatabaseKind } from "../db/database.ts";

/**
 * The database connection of a CSV import's process (stock-import-process.ts): statements as
 * text, `?` for each parameter, on both databases. Not Kysely: loading it took the process's start
 * a tenth of a second longer, and building 500-row statements through it took about a tenth of a
 * 20,000-row import. The statements are few and live in stock-csv-repository.ts and
 * stock-import-writes.ts.
 */
export interface ImportConnection {
  kind: DatabaseKind;
  /** Runs one statement; the rows it returns (a SELECT's, or an UPDATE's RETURNING). */
  run<Row>(text: string, parameters?: readonly unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export async function connect(config: DatabaseConfig): Promise<ImportConnection> {
  if (config.kind === "postgres") {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: config.connectionString });
    // A connection lost meanwhile: the statement under way fails on its own, and the job with it.
    client.on("error", () => {});
    await client.connect();
    return {
      kind: "postgres",
      async run<Row>(text: string, parameters: readonly unknown[] = []) {
        let number = 0;
        const numbered = text.replace(/\?/g, () => `$${++number}`);
        return (await client.query(numbered, [...parameters])).rows as Row[];
      },
      close: () => client.end(),
    };
  }
  const { default: SQLite } = await import("better-sqlite3");
  const sqlite = new SQLite(config.file, { fileMustExist: true });
  // The server's connection has made the file WAL, which lets its readers carry on while this
  // one writes. The same durability and page cache as the server's connection (db/database.ts);
  // a write lock held by the server's connection for a moment is waited for.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // The same few statements run again and again (500 ids a read), so each is prepared once.
  const prepared = new Map<string, Statement>();
  return {
    kind: "sqlite",
    async run<Row>(text: string, parameters: readonly unknown[] = []) {
      let statement = prepared.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        prepared.set(text, statement);
      }
      if (statement.reader) return statement.all(...parameters) as Row[];
      statement.run(...parameters);
      return [];
    },
    close: async () => void sqlite.close(),
  };
}
