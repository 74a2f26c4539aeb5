import { randomUUID } from "node:crypto";
import pg from "pg";

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function runAdminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database on the server adminUrl points at, so every run starts from the same
 * seeded stock; adminUrl's user must be allowed to create databases.
 */
export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  // The name is generated, never user input, so it is safe to put in the statement.
  const name = `ub_bench_${randomUUID().replaceAll("-", "")}`;
  await runAdminStatement(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAdminStatement(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
