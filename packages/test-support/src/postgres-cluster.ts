import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";

/**
 * A throwaway PostgreSQL cluster of one's own, on a free loopback port: the TypeScript twin of
 * scripts/postgres-cluster.sh, for tests that must stop or restart the server, which they may not
 * do to the cluster other test files share (DATABASE_URL_TEST). Runs the server as the `postgres`
 * user when we are root, since PostgreSQL refuses to run as root.
 */
export interface PostgresCluster {
  /** The superuser's URL, on the `postgres` database; set once start() resolved. */
  readonly url: string;
  readonly port: number;
  /** Creates the cluster (initdb) and starts it; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops the server (fast: open connections are cut) and starts it again on the same port. */
  restart(options?: { downForMs?: number }): Promise<void>;
  /** Stops the server at once and deletes its files. */
  stop(): Promise<void>;
}

const run = promisify(execFile);

/** The newest installed PostgreSQL's programs (Debian's layout first, then PATH). */
async function binDir(): Promise<string> {
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((version) => existsSync(path.join(debian, version, "bin", "initdb")))
      .sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b));
    const newest = versions.at(-1);
    if (newest) return path.join(debian, newest, "bin");
  }
  try {
    const { stdout } = await run("sh", ["-c", "command -v initdb"]);
    if (stdout.trim()) return path.dirname(stdout.trim());
  } catch {
    // Not on PATH either: the error below says what to install.
  }
  throw new Error("PostgreSQL is not installed (Debian: apt-get install postgresql)");
}

const isRoot = () => process.getuid?.() === 0;

/** Quotes one word for bash. */
const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

/** Runs a command line as the cluster's owner: `postgres` when we are root, else ourselves. */
async function asClusterOwner(command: string): Promise<void> {
  if (isRoot()) await run("su", ["postgres", "-s", "/bin/bash", "-c", command]);
  else await run("bash", ["-c", command]);
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address === null || typeof address === "string") reject(new Error("no TCP port"));
        else resolve(address.port);
      });
    });
  });
}

/** The output of a failed command, so a test says why the cluster did not start. */
function failure(what: string, error: unknown): Error {
  const output = error as { stdout?: string; stderr?: string; message?: string };
  return new Error(
    `${what} failed: ${[output.message, output.stdout, output.stderr].filter(Boolean).join("\n")}`,
  );
}

export function createPostgresCluster(): PostgresCluster {
  let bin = "";
  let dir = "";
  let port = 0;
  const dataDir = () => path.join(dir, "data");

  const pgCtl = (args: string) =>
    `${quote(path.join(bin, "pg_ctl"))} -D ${quote(dataDir())} ${args}`;

  async function startServer() {
    // fsync off: a test cluster trades durability for speed; it is deleted afterwards anyway.
    const options = [
      `-p ${port}`,
      `-k ${quote(dir)}`,
      "-c listen_addresses=127.0.0.1",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=100",
    ].join(" ");
    const log = quote(path.join(dir, "server.log"));
    try {
      await asClusterOwner(`${pgCtl(`-l ${log} -w -o ${quote(options)} start`)} >/dev/null`);
    } catch (error) {
      throw failure(`starting PostgreSQL (log: ${path.join(dir, "server.log")})`, error);
    }
  }

  async function stopServer(mode: "fast" | "immediate") {
    await asClusterOwner(`${pgCtl(`-m ${mode} -w stop`)} >/dev/null`);
  }

  return {
    get url() {
      if (!port) throw new Error("The cluster has not been started");
      return `postgres://postgres@127.0.0.1:${port}/postgres`;
    },
    get port() {
      return port;
    },

    async start() {
      bin = await binDir();
      dir = mkdtempSync("/tmp/ultimate-bikes-pg.");
      if (isRoot()) await run("chown", ["postgres:postgres", dir]);
      port = await freePort();
      const log = quote(path.join(dir, "initdb.log"));
      try {
        await asClusterOwner(
          `${quote(path.join(bin, "initdb"))} -D ${quote(dataDir())} -U postgres -A trust --no-sync >${log} 2>&1`,
        );
      } catch (error) {
        throw failure(`initdb (log: ${path.join(dir, "initdb.log")})`, error);
      }
      await startServer();
    },

    async restart({ downForMs = 0 } = {}) {
      await stopServer("fast");
      if (downForMs > 0) await new Promise((resolve) => setTimeout(resolve, downForMs));
      await startServer();
    },

    async stop() {
      if (!dir) return;
      try {
        await stopServer("immediate");
      } catch {
        // Already stopped, or never started: the files go either way.
      }
      rmSync(dir, { recursive: true, force: true });
      dir = "";
    },
  };
}
