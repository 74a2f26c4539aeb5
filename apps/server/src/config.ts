// Over 300 lines: every environment variable's schema, its checks and the one parse of them, so configuration is read and explained in one place (DESIGN.md).
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { emailSchema } from "@ultimate-bikes/contract/email";
import { ACCESS_POLICIES, type AccessPolicy } from "@ultimate-bikes/contract/roles";
import { z } from "zod";

/**
 * Everything the server reads from its environment, parsed once at start-up.
 * The variable names are fixed (other tools rely on them); see the README's configuration table.
 */
const switchSchema = z
  .enum(["on", "off", "true", "false", "1", "0", "yes", "no"], {
    error: "must be on or off",
  })
  .transform((value) => ["on", "true", "1", "yes"].includes(value));

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** `https://shop.example.com` (or with a port) as the browser sends it in Origin; else undefined. */
function originOf(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
  if (
    !["http:", "https:"].includes(url.protocol) ||
    !bare ||
    !/^https?:\/\/[^/]+\/?$/i.test(text)
  ) {
    return undefined;
  }
  return url.origin;
}

const environmentSchema = z.object({
  NODE_ENV: z.string().default("development"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(0)
    .max(65535)
    .default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .refine((value) => new URL(value).pathname === "/" && !new URL(value).search, {
      error: "must be an origin only, like https://bikes.example.com (no path)",
    })
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL (leave unset for SQLite)")
    .optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Ultimate Bikes <no-reply@ultimate-bikes.local>"),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  /** Testing only: points Google and GitHub sign-in at one local OAuth 2.0 / OpenID Connect server. */
  OAUTH_ISSUER_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /**
   * Behind reverse proxies: how many hops (`on` = 1) or which proxy addresses (comma-separated
   * IPs or CIDRs) to trust for X-Forwarded-For. Never "any": a client could then pick its address.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, context) => {
      if (["off", "false", "0", "no"].includes(value)) return false as const;
      if (["on", "true", "yes"].includes(value)) return 1;
      if (/^[1-9]\d*$/.test(value)) return Number(value);
      const addresses = value.split(",").map((part) => part.trim());
      if (addresses.every((part) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(part))) return addresses;
      context.addIssue({ code: "custom", message: "must be off, on, a hop count or IP/CIDR list" });
      return z.NEVER;
    })
    .default(false),
  /**
   * Origins (comma-separated) whose pages may make bearer-token calls across origins; public
   * reads are open to every origin anyway (plugins/cors.ts).
   */
  CORS_ORIGINS: z
    .string()
    .transform((value, context) => {
      const origins: string[] = [];
      for (const part of value.split(",").map((item) => item.trim())) {
        if (!part) continue;
        const origin = originOf(part);
        if (origin) origins.push(origin);
        else
          context.addIssue({
            code: "custom",
            message: `"${part}" is not an origin like https://shop.example.com (scheme and host, no path, no *)`,
          });
      }
      return [...new Set(origins)];
    })
    .default([]),
  SEED: switchSchema.default(true),
  /** Who a new account is (docs/decisions/014): `open` makes everyone staff, as the spec does. */
  ACCESS_POLICY: z.enum(ACCESS_POLICIES, { error: "must be open or invite" }).default("open"),
  /** Comma-separated emails that are admins once verified (the first admins). */
  ADMIN_EMAILS: z
    .string()
    .transform((value, context) => {
      const emails: string[] = [];
      for (const part of value.split(",").map((item) => item.trim())) {
        if (!part) continue;
        const parsed = emailSchema.safeParse(part);
        if (parsed.success) emails.push(parsed.data);
        else context.addIssue({ code: "custom", message: `"${part}" is not an email address` });
      }
      return [...new Set(emails)];
    })
    .default([]),
  /** Days a deleted bike can be restored before it is purged (its ledger stays). */
  DELETED_RETENTION_DAYS: z.coerce
    .number({ error: "must be a whole number of days" })
    .int("must be a whole number of days")
    .min(1, "must be at least 1")
    .max(3650, "must be at most 3650")
    .default(30),
  /** How many bikes one account may add a minute; benchmarks that add in bulk raise it. */
  BIKE_ADDS_PER_MINUTE: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1_000_000, "must be at most 1000000")
    .default(60),
  /** Open live stock streams one client address may hold (stock-events/stock-event-hub.ts). */
  EVENT_STREAMS_PER_CLIENT: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(10_000, "must be at most 10000")
    .default(20),
  /** Where backups go (scheduled, made from the Backups screen, or by `npm run backup`). */
  BACKUP_DIR: optionalText,
  /** Hours between scheduled backups (SQLite only: docs/decisions/031); unset = none. */
  BACKUP_EVERY: z.coerce
    .number({ error: "must be a number of hours" })
    .min(0.01, "must be more than 0 hours")
    .max(8760, "must be at most 8760 hours (a year)")
    .optional(),
  /** How many backups to leave in BACKUP_DIR, newest first (scheduled: 14 when unset). */
  BACKUP_KEEP: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(10_000, "must be at most 10000")
    .optional(),
  /** Serve Prometheus `/metrics` on this port, apart from the app (metrics/metrics-server.ts). */
  METRICS_PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be a port number from 1 to 65535 (leave unset for no metrics)")
    .max(65535, "must be a port number from 1 to 65535 (leave unset for no metrics)")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type DatabaseConfig =
  { kind: "sqlite"; file: string } | { kind: "postgres"; connectionString: string };

/**
 * How long the server waits on a client (plugins and app.ts): a slow client cannot hold a
 * connection open for free. Milliseconds; the live stock stream is exempt (it has heartbeats).
 */
export interface ServerTimeouts {
  /** A socket with no traffic at all for this long is closed (Fastify `connectionTimeout`). */
  idleMs: number;
  /** The whole request, headers and body, must have arrived within this (`requestTimeout`). */
  requestMs: number;
  /** The headers must have arrived within this (Node `headersTimeout`; at most requestMs). */
  headersMs: number;
  /** An idle kept-alive connection is closed after this (`keepAliveTimeout`). */
  keepAliveMs: number;
  /** How often Node checks the two limits above, so they bite within about this much. */
  checkEveryMs: number;
  /**
   * While the server shuts down, an idle kept-alive connection is left this long for its client
   * to close (plugins/graceful-close.ts), then closed.
   */
  closingIdleMs: number;
}

/** How the alert worker paces itself; tests shorten it. */
export interface AlertTiming {
  /** How often it looks for due alerts when no change signal wakes it. */
  pollMs: number;
  /** The first retry's wait; each later one waits twice as long, up to an hour. */
  retryBaseMs: number;
  /** How long a server holds an alert it took before another may take it (a crash). */
  claimMs: number;
}

export const DEFAULT_ALERT_TIMING: AlertTiming = {
  pollMs: 10_000,
  retryBaseMs: 5_000,
  claimMs: 120_000,
};

/** The hold expiry worker's (holds/hold-expiry-worker.ts), and the clock holds run on. */
export interface HoldExpiryTiming {
  /** How often it looks for holds past their expiry. */
  pollMs: number;
  /** Now, for holds: made, extended, ended and due by it (tests move it on). */
  clock: () => Date;
}

export const DEFAULT_HOLD_EXPIRY: HoldExpiryTiming = {
  pollMs: 30_000,
  clock: () => new Date(),
};

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  idleMs: 60_000,
  requestMs: 10_000,
  headersMs: 5_000,
  // Longer than the 60 s idle timeout of common load balancers, so they never reuse a
  // connection this server has just closed (Fastify's own default).
  keepAliveMs: 72_000,
  checkEveryMs: 1_000,
  // Twice the 4 s after which our nginx site closes its idle connections to an instance
  // (deploy/nginx): it closes them first, race-free, and the server's drain still ends well
  // within SHUTDOWN_GRACE_MS.
  closingIdleMs: 8_000,
};

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** How account passwords are hashed and checked (better-auth's `emailAndPassword.password`). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  authSecret: string;
  /** Where the auth secret lives, for a backup's note: AUTH_SECRET, or DATA_DIR/auth-secret. */
  authSecretFrom: "environment" | "data-dir";
  /** BACKUP_DIR (else DATA_DIR/backups), BACKUP_EVERY and BACKUP_KEEP (backups/). */
  backups: { dir: string; everyHours: number | undefined; keep: number | undefined };
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  oauth: {
    google: OAuthClient | undefined;
    github: OAuthClient | undefined;
    issuerOverride: string | undefined;
  };
  seed: boolean;
  /** ACCESS_POLICY and ADMIN_EMAILS (auth/roles.ts). */
  access: { policy: AccessPolicy; adminEmails: string[] };
  /** DELETED_RETENTION_DAYS: how long a deleted bike stays restorable. */
  deletedRetentionDays: number;
  /** POST /api/bikes and POST /api/items calls one account may make a minute (bikes/add-rate-limit.ts). */
  bikeAddsPerMinute: number;
  trustProxy: false | number | string[];
  /** CORS_ORIGINS: origins allowed to make bearer-token calls from their pages (plugins/cors.ts). */
  corsOrigins: string[];
  /** EVENT_STREAMS_PER_CLIENT: open `/api/stock/events` streams per client address; past it 429. */
  eventStreamsPerClient: number;
  /** METRICS_PORT: where Prometheus scrapes `/metrics`, on HOST; unset, no metrics are kept. */
  metricsPort: number | undefined;
  timeouts: ServerTimeouts;
  /** How the low-stock alert worker paces itself (alerts/low-stock-alert-worker.ts). */
  alertTiming: AlertTiming;
  holdExpiry: HoldExpiryTiming;
  logLevel: z.infer<typeof environmentSchema>["LOG_LEVEL"];
  /** The built web app; the server serves it when the folder exists. */
  webDistDir: string;
  /** Unset: better-auth's scrypt. Only the test suites set it (no variable reaches it). */
  passwordHashing?: PasswordHashing;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

const defaultWebDistDir = path.resolve(import.meta.dirname, "../../web/dist");

function oauthClient(id: string | undefined, secret: string | undefined, prefix: string) {
  if (!id && !secret) return undefined;
  if (!id || !secret) {
    throw new ConfigError(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
  }
  return { clientId: id, clientSecret: secret };
}

/**
 * DATA_DIR holds the database, the auth secret and mail with live reset links: only the user the
 * server runs as may enter it when we create it (an existing folder is the operator's choice).
 */
export function ensurePrivateDir(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
}

/** Takes group and other access away from a data file an earlier version (or a umask) left open. */
export function keepPrivate(file: string): void {
  if (existsSync(file) && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
}

/** Reads the secret kept in DATA_DIR, creating it on first start so sessions survive restarts. */
function generatedAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) {
    keepPrivate(file);
    return readFileSync(file, "utf8").trim();
  }
  ensurePrivateDir(dataDir);
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty variables count as unset, so `FOO= npm start` behaves like leaving FOO out.
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === "production";
  const dataDir = path.resolve(env.DATA_DIR);
  if (production && !env.AUTH_SECRET) {
    throw new ConfigError("AUTH_SECRET: required when NODE_ENV=production");
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    throw new ConfigError("METRICS_PORT: must differ from PORT (the metrics are not public)");
  }
  if (production && env.OAUTH_ISSUER_URL) {
    // It sends Google and GitHub sign-in to another server: for local testing only.
    throw new ConfigError("OAUTH_ISSUER_URL: not allowed when NODE_ENV=production");
  }
  if (env.BACKUP_EVERY !== undefined && env.DATABASE_URL) {
    // Several instances share one PostgreSQL; its backups are the operator's (docs/decisions/031).
    throw new ConfigError(
      "BACKUP_EVERY: scheduled backups are for SQLite; on PostgreSQL run `npm run backup` from one machine's scheduler (cron, a systemd timer)",
    );
  }
  return {
    production,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    dataDir,
    database: env.DATABASE_URL
      ? { kind: "postgres", connectionString: env.DATABASE_URL }
      : { kind: "sqlite", file: path.join(dataDir, "ultimate-bikes.sqlite") },
    authSecret: env.AUTH_SECRET ?? generatedAuthSecret(dataDir),
    authSecretFrom: env.AUTH_SECRET ? "environment" : "data-dir",
    backups: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, "backups")),
      everyHours: env.BACKUP_EVERY,
      keep: env.BACKUP_KEEP,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.join(dataDir, "outbox"),
    },
    oauth: {
      google: oauthClient(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, "GOOGLE"),
      github: oauthClient(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET, "GITHUB"),
      issuerOverride: env.OAUTH_ISSUER_URL?.replace(/\/+$/, ""),
    },
    seed: env.SEED,
    access: { policy: env.ACCESS_POLICY, adminEmails: env.ADMIN_EMAILS },
    deletedRetentionDays: env.DELETED_RETENTION_DAYS,
    bikeAddsPerMinute: env.BIKE_ADDS_PER_MINUTE,
    trustProxy: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS,
    eventStreamsPerClient: env.EVENT_STREAMS_PER_CLIENT,
    metricsPort: env.METRICS_PORT,
    timeouts: DEFAULT_TIMEOUTS,
    alertTiming: DEFAULT_ALERT_TIMING,
    holdExpiry: DEFAULT_HOLD_EXPIRY,
    logLevel: env.LOG_LEVEL,
    webDistDir: defaultWebDistDir,
  };
}
