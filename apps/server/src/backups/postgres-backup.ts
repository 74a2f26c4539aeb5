import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { lastMigration } from "./backup-file.ts";

const run = promisify(execFile);

/**
 * PostgreSQL's client programs as scripts/postgres-cluster.sh finds them: the newest of Debian's
 * /usr/lib/postgresql/<major>/bin, else on PATH.
 */
function findPostgresProgram(name: "pg_dump" | "pg_restore"): string | undefined {
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const newest = readdirSync(debian)
      .filter((major) => existsSync(path.join(debian, major, "bin", name)))
      .sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b))
      .at(-1);
    if (newest) return path.join(debian, newest, "bin", name);
  }
  for (const folder of (process.env.PATH ?? "").split(path.delimiter)) {
    if (folder && existsSync(path.join(folder, name))) return path.join(folder, name);
  }
  return undefined;
}

/** Where pg_dump or pg_restore is; missing, an error that says what to install. */
function postgresProgram(name: "pg_dump" | "pg_restore"): string {
  const program = findPostgresProgram(name);
  if (!program) {
    throw new Error(
      `${name} was not found: install PostgreSQL's client programs (Debian: apt-get install postgresql-client)`,
    );
  }
  return program;
}

/**
 * The connection without its password, which goes in PGPASSWORD instead: a command line is
 * visible to every user of the machine (`ps`), the environment is not.
 */
function connection(connectionString: string) {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.toString(), env };
}

const majorOf = (version: string) => Number.parseInt(version, 10);

/** Runs pg_dump or pg_restore; a missing program or a failure is an error that says what to do. */
async function runProgram(
  name: "pg_dump" | "pg_restore",
  connectionString: string,
  args: string[],
) {
  const program = postgresProgram(name);
  const { dbname, env } = connection(connectionString);
  try {
    return await run(program, [...args, `--dbname=${dbname}`], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`${name} failed: ${stderr?.trim() || (error as Error).message}`, {
      cause: error,
    });
  }
}

/** `16.4` from `pg_dump (PostgreSQL) 16.4 (Debian 16.4-1)`. */
async function programVersion(name: "pg_dump" | "pg_restore"): Promise<string> {
  const { stdout } = await run(postgresProgram(name), ["--version"]);
  return /(\d+(?:\.\d+)?)/.exec(stdout)?.[1] ?? stdout.trim();
}

async function withClient<T>(connectionString: string, use: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** pg_dump refuses a server of a newer major version: say so first, and what to install. */
export function checkPgDumpVersion(pgDump: string, server: string): void {
  if (majorOf(pgDump) < majorOf(server)) {
    throw new Error(
      `pg_dump ${pgDump} is older than the PostgreSQL server (${server}) and cannot dump it: install the client programs of PostgreSQL ${majorOf(server)} or newer`,
    );
  }
}

export interface PostgresDump {
  migration: string;
  server: string;
  pgDump: string;
}

/**
 * pg_dump's custom format of the database into `file`: one snapshot, taken while the servers
 * carry on. A pg_dump older than the server cannot read its catalog, so that is refused first.
 */
export async function dumpPostgres(connectionString: string, file: string): Promise<PostgresDump> {
  const { server, migration } = await withClient(connectionString, async (client) => {
    const version = await client.query<{ server_version: string }>("show server_version");
    const migrations = await client
      .query<{ name: string }>("select name from kysely_migration")
      .catch(() => ({ rows: [] }));
    return {
      server: /(\d+(?:\.\d+)?)/.exec(version.rows[0]!.server_version)?.[1] ?? "",
      migration: lastMigration(migrations.rows),
    };
  });
  const pgDump = await programVersion("pg_dump");
  checkPgDumpVersion(pgDump, server);
  await runProgram("pg_dump", connectionString, [
    "--format=custom",
    "--no-owner",
    `--file=${file}`,
  ]);
  return { migration, server, pgDump };
}

/** Whether the database holds any table of its own (the app's all live in `public`). */
export function postgresHoldsTables(connectionString: string): Promise<boolean> {
  return withClient(connectionString, async (client) => {
    const { rowCount } = await client.query(
      "select 1 from pg_catalog.pg_tables where schemaname not in ('pg_catalog', 'information_schema') limit 1",
    );
    return (rowCount ?? 0) > 0;
  });
}

/** Drops everything in the `public` schema (restore --force), leaving the schema itself. */
export function emptyPostgres(connectionString: string): Promise<void> {
  return withClient(connectionString, async (client) => {
    await client.query("drop schema public cascade");
    await client.query("create schema public");
  });
}

/** pg_restore of a custom-format dump into an empty database, all or nothing. */
export async function restorePostgres(connectionString: string, file: string): Promise<void> {
  await runProgram("pg_restore", connectionString, [
    "--no-owner",
    "--no-privileges",
    "--exit-on-error",
    "--single-transaction",
    file,
  ]);
}
