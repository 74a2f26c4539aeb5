import { execFile, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import tls from "node:tls";
import pg from "pg";

/**
 * The production layout of the README's "Running in production", on loopback: PostgreSQL with
 * the app's own role and database, app instances as the systemd unit runs them
 * (deploy/systemd/ultimate-bikes@.service), and nginx with the repository's site file
 * (deploy/nginx/ultimate-bikes.conf) and a self-signed certificate. Used by the rolling-restart
 * test (e2e/production/) and the instances benchmark (bench/).
 */

const run = promisify(execFile);
const REPOSITORY = path.resolve(import.meta.dirname, "../../..");
export const NGINX_SITE_FILE = path.join(REPOSITORY, "deploy/nginx/ultimate-bikes.conf");
const MAIN = path.join(REPOSITORY, "apps/server/src/main.ts");

/**
 * Creates the app's role and database as the README tells an operator to (the app needs no
 * superuser) and returns the DATABASE_URL the instances use.
 */
export async function createAppDatabase(adminUrl: string, name: string): Promise<string> {
  // Generated names and password, never user input: safe to put in the statements.
  const password = `pw_${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create role ${name} login password '${password}'`);
    await admin.query(`create database ${name} owner ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.username = name;
  url.password = password;
  url.pathname = `/${name}`;
  return url.toString();
}

/** A self-signed certificate for `localhost`, trusted by this process's fetch from now on. */
export async function selfSignedCertificate(dir: string) {
  const certificate = path.join(dir, "localhost.crt");
  const key = path.join(dir, "localhost.key");
  await run("openssl", [
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
    ...["-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=localhost"],
    ...["-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
  ]);
  // As a client that was given the certificate would (a browser told to trust it): no
  // switching verification off.
  tls.setDefaultCACertificates([
    ...tls.getCACertificates("default"),
    readFileSync(certificate, "utf8"),
  ]);
  return { certificate, key };
}

/** The site file with its `${UB_...}` placeholders filled in, as an operator does with envsubst. */
export function renderSite(values: Record<`UB_${string}`, string>): string {
  const site = readFileSync(NGINX_SITE_FILE, "utf8").replace(
    /\$\{(UB_[A-Z_]+)\}/g,
    (placeholder, name: string) => {
      const value = values[name as `UB_${string}`];
      if (value === undefined) throw new Error(`${NGINX_SITE_FILE}: no value for ${placeholder}`);
      return value;
    },
  );
  return site;
}

/** Waits until something accepts TCP connections on 127.0.0.1:`port`. */
async function waitForPort(port: number, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => resolve(true));
      socket.once("error", () => resolve(false));
    }).then((connected) => connected);
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port}`);
    await sleep(50);
  }
}

/**
 * One GET on a connection of its own, closed after the answer, as a monitor's probe (curl) asks:
 * a kept-alive one would hold the instance's drain when it next stops. The status, or undefined.
 */
function probe(url: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 5000 }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on("error", () => resolve(undefined));
    request.on("timeout", () => request.destroy());
  });
}

const exitedAlready = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** A child process whose exit we can await, with the end of what it printed. */
function watch(child: ChildProcess) {
  let output = "";
  const keep = (chunk: string) => {
    output = (output + chunk).slice(-8000);
  };
  child.stdout?.setEncoding("utf8").on("data", keep);
  child.stderr?.setEncoding("utf8").on("data", keep);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (exitedAlready(child)) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  return { output: () => output, exit };
}

export interface Nginx {
  readonly httpsPort: number;
  /** e.g. https://localhost:41234 */
  readonly origin: string;
  readonly errorLog: string;
  stop(): Promise<void>;
}

/**
 * Runs nginx (Debian's package) in the foreground with the site file, in `dir`: its own pid file,
 * temporary folders and logs, so it needs no root and touches nothing of a system nginx.
 */
export async function startNginx(
  dir: string,
  site: Record<`UB_${string}`, string> & { UB_HTTPS_LISTEN: string },
  /** nginx's worker_processes: Debian's "auto" is one per core. */
  workers: number | "auto" = "auto",
): Promise<Nginx> {
  mkdirSync(dir, { recursive: true });
  // Run as root, nginx's workers drop to another user, who must reach the temporary folders.
  chmodSync(dir, 0o755);
  const sitePath = path.join(dir, "ultimate-bikes.conf");
  writeFileSync(sitePath, renderSite(site));
  const errorLog = path.join(dir, "error.log");
  // What Debian's /etc/nginx/nginx.conf says, with the paths moved into `dir`.
  const temp = (name: string) => path.join(dir, name);
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
worker_processes ${workers};
pid ${temp("nginx.pid")};
error_log ${errorLog} warn;
events { worker_connections 1024; }
http {
  sendfile on;
  tcp_nopush on;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${temp("access.log")};
  client_body_temp_path ${temp("client-body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  gzip on;
  include ${sitePath};
}
`,
  );
  const args = ["-p", dir, "-e", errorLog, "-c", path.join(dir, "nginx.conf")];
  try {
    await run("nginx", [...args, "-t", "-q"]);
  } catch (error) {
    const output = (error as { stderr?: string }).stderr;
    throw new Error(`nginx -t refused the configuration: ${output}`, { cause: error });
  }
  const child = spawn("nginx", args, { stdio: ["ignore", "pipe", "pipe"] });
  const watched = watch(child);
  const httpsPort = Number(site.UB_HTTPS_LISTEN.split(":").at(-1));
  try {
    await waitForPort(httpsPort, "nginx");
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}: ${watched.output()}\n${readLog(errorLog)}`, {
      cause: error,
    });
  }
  return {
    httpsPort,
    origin: `https://localhost:${httpsPort}`,
    errorLog,
    async stop() {
      if (exitedAlready(child)) return;
      child.kill("SIGTERM");
      await watched.exit;
    },
  };
}

const readLog = (file: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
};

export interface Instance {
  readonly name: string;
  readonly port: number;
  /** Seconds from SIGTERM to exit in the last stop(), and from spawn to ready in the last start(). */
  readonly lastStopSeconds: number;
  readonly lastStartSeconds: number;
  /** Starts it (again) and resolves once GET /api/health/ready answers 200. */
  start(): Promise<void>;
  /**
   * SIGTERM, as systemd sends it; SIGKILL after `boundMs`, as systemd does after TimeoutStopSec.
   * Resolves with how it exited, and whether it had to be killed.
   */
  stop(
    boundMs?: number,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }>;
  running(): boolean;
  output(): string;
}

/**
 * One app instance as the systemd unit runs it: `node apps/server/src/main.ts` in the repository,
 * with the operator's environment plus PORT, HOST and DATA_DIR (the unit's own lines). Nothing of
 * this process's environment but PATH, HOME and LANG reaches it.
 */
export function appInstance(
  name: string,
  port: number,
  environment: Record<string, string>,
  dataDir: string,
): Instance {
  let child: ChildProcess | undefined;
  let watched: ReturnType<typeof watch> | undefined;
  let lastStopSeconds = 0;
  let lastStartSeconds = 0;
  const inherited: Record<string, string> = {};
  for (const variable of ["PATH", "HOME", "LANG"]) {
    const value = process.env[variable];
    if (value !== undefined) inherited[variable] = value;
  }
  const readyUrl = `http://127.0.0.1:${port}/api/health/ready`;

  return {
    name,
    port,
    get lastStopSeconds() {
      return lastStopSeconds;
    },
    get lastStartSeconds() {
      return lastStartSeconds;
    },
    running: () => child !== undefined && !exitedAlready(child),
    output: () => watched?.output() ?? "",

    async start() {
      const startedAt = performance.now();
      child = spawn(process.execPath, [MAIN], {
        cwd: REPOSITORY,
        env: {
          ...inherited,
          ...environment,
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      watched = watch(child);
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (exitedAlready(child)) {
          throw new Error(`instance ${name} exited while starting:\n${watched.output()}`);
        }
        if ((await probe(readyUrl)) === 200) break;
        if (Date.now() > deadline) {
          child.kill("SIGKILL");
          throw new Error(`instance ${name} was not ready within 60 s:\n${watched.output()}`);
        }
        await sleep(50);
      }
      lastStartSeconds = (performance.now() - startedAt) / 1000;
    },

    async stop(boundMs = 30_000) {
      if (!child || !watched) throw new Error(`instance ${name} was never started`);
      const running = child;
      const stoppedAt = performance.now();
      running.kill("SIGTERM");
      let killed = false;
      const killer = setTimeout(() => {
        killed = true;
        running.kill("SIGKILL");
      }, boundMs);
      const exit = await watched.exit;
      clearTimeout(killer);
      lastStopSeconds = (performance.now() - stoppedAt) / 1000;
      return { ...exit, killed };
    },
  };
}

/** Stops whatever is still running at the end of a run that failed half-way. */
export async function stopIfRunning(instance: Instance | undefined) {
  if (instance?.running()) await instance.stop(5000);
}
