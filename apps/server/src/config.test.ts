import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

// loadConfig writes the generated auth secret into DATA_DIR, so each case gets its own folder.
const dataDirs: string[] = [];
const dataDir = () => {
  const directory = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-config-"));
  dataDirs.push(directory);
  return directory;
};
afterAll(() => {
  for (const directory of dataDirs) rmSync(directory, { recursive: true, force: true });
});

describe("loadConfig", () => {
  it("defaults to SQLite in DATA_DIR on port 3000 with seeding on", () => {
    const directory = dataDir();
    const config = loadConfig({ DATA_DIR: directory });
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.database).toEqual({
      kind: "sqlite",
      file: path.join(directory, "ultimate-bikes.sqlite"),
    });
    expect(config.seed).toBe(true);
    expect(config.mail.smtpUrl).toBeUndefined();
  });

  it("selects PostgreSQL for a postgres:// DATABASE_URL", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: "postgres://u:p@127.0.0.1:5432/db",
    });
    expect(config.database).toEqual({
      kind: "postgres",
      connectionString: "postgres://u:p@127.0.0.1:5432/db",
    });
  });

  it("keeps the generated auth secret across starts", () => {
    const directory = dataDir();
    expect(loadConfig({ DATA_DIR: directory }).authSecret).toBe(
      loadConfig({ DATA_DIR: directory }).authSecret,
    );
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SEED: "maybe" }, "SEED"],
    [{ PUBLIC_URL: "ftp://example.com" }, "PUBLIC_URL"],
    [{ GOOGLE_CLIENT_ID: "id-only" }, "GOOGLE_CLIENT_SECRET"],
    [{ NODE_ENV: "production" }, "AUTH_SECRET"],
    [
      {
        NODE_ENV: "production",
        AUTH_SECRET: "x".repeat(40),
        OAUTH_ISSUER_URL: "http://127.0.0.1:9",
      },
      "OAUTH_ISSUER_URL",
    ],
    [{ PUBLIC_URL: "https://bikes.example.com/app" }, "PUBLIC_URL"],
    [{ TRUST_PROXY: "everyone" }, "TRUST_PROXY"],
    [{ BACKUP_EVERY: "daily" }, "BACKUP_EVERY"],
    [{ BACKUP_EVERY: "0" }, "BACKUP_EVERY"],
    [{ BACKUP_KEEP: "0" }, "BACKUP_KEEP"],
    [{ BACKUP_EVERY: "24", DATABASE_URL: "postgres://u:p@127.0.0.1:5432/db" }, "BACKUP_EVERY"],
  ])("refuses %o naming %s", (environment, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...environment })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...environment })).toThrow(name);
  });

  it("puts backups in DATA_DIR/backups unless BACKUP_DIR says where, with no schedule by default", () => {
    const directory = dataDir();
    expect(loadConfig({ DATA_DIR: directory }).backups).toEqual({
      dir: path.join(directory, "backups"),
      everyHours: undefined,
      keep: undefined,
    });
    const elsewhere = path.join(directory, "elsewhere");
    expect(
      loadConfig({
        DATA_DIR: directory,
        BACKUP_DIR: elsewhere,
        BACKUP_EVERY: "6",
        BACKUP_KEEP: "8",
      }).backups,
    ).toEqual({ dir: elsewhere, everyHours: 6, keep: 8 });
  });

  it("accepts SEED=off", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), SEED: "off" }).seed).toBe(false);
  });

  it.each([
    ["off", false],
    ["on", 1],
    ["2", 2],
    ["10.0.0.0/8, 127.0.0.1", ["10.0.0.0/8", "127.0.0.1"]],
  ])("reads TRUST_PROXY=%s as %j, never as trust-everyone", (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });
});

describe("CORS_ORIGINS", () => {
  it("is empty when unset: no origin may send the bearer token from its pages", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).corsOrigins).toEqual([]);
  });

  it("takes comma-separated origins, as browsers send them in Origin", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      CORS_ORIGINS: " https://Shop.Example.com/ ,http://localhost:5173,, https://shop.example.com",
    });
    expect(config.corsOrigins).toEqual(["https://shop.example.com", "http://localhost:5173"]);
  });

  it.each([
    "*",
    "shop.example.com",
    "https://shop.example.com/path",
    "ftp://shop.example.com",
    "https://shop.example.com?x=1",
  ])("refuses %s, naming it", (value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), CORS_ORIGINS: value })).toThrow(
      new RegExp(
        `CORS_ORIGINS: "${value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}" is not an origin`,
      ),
    );
  });
});

describe("METRICS_PORT", () => {
  it("is off when unset, and a port when set", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsPort).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_PORT: "9464" }).metricsPort).toBe(9464);
  });

  it.each(["0", "65536", "9464.5", "metrics"])("refuses %s, naming the variable", (value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_PORT: value })).toThrow(
      /METRICS_PORT: must be a (port number|whole number)/,
    );
  });

  it("refuses the app's own port: the metrics are not for the public", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: "8080", METRICS_PORT: "8080" })).toThrow(
      new ConfigError("METRICS_PORT: must differ from PORT (the metrics are not public)"),
    );
  });
});

describe("the data files", () => {
  const modeOf = (file: string) => statSync(file).mode & 0o777;

  it("creates DATA_DIR for the server's user only, and the auth secret readable by it alone", () => {
    const directory = path.join(dataDir(), "fresh", "data");
    loadConfig({ DATA_DIR: directory });
    expect(modeOf(directory)).toBe(0o700);
    expect(modeOf(path.join(directory, "auth-secret"))).toBe(0o600);
  });

  it("takes other users' access away from an auth secret an earlier start left open", () => {
    const directory = dataDir();
    const secret = path.join(directory, "auth-secret");
    writeFileSync(secret, "a".repeat(43), { mode: 0o644 });
    chmodSync(secret, 0o644);
    expect(loadConfig({ DATA_DIR: directory }).authSecret).toBe("a".repeat(43));
    expect(modeOf(secret)).toBe(0o600);
  });
});
