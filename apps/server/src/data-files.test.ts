import {
  chmodSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { signUp } from "../test/accounts.ts";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** The outbox's messages, once there is one (the mailer may finish after the answer). */
async function outboxFiles(outboxDir: string): Promise<string[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = existsSync(outboxDir) ? readdirSync(outboxDir) : [];
    if (files.length) return files.map((file) => path.join(outboxDir, file));
    await sleep(100);
  }
  throw new Error("no message reached the outbox");
}

// The data files hold the accounts, the signing secret and mail with live reset links: whatever
// the umask, only the user the server runs as may read them.
describe("the files in DATA_DIR", () => {
  const parent = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-files-"));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it("are the server's user's alone: folder 700, SQLite files, secret and mail 600", async () => {
    const dataDir = path.join(parent, "data");
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const app = await buildApp(config);
    try {
      await signUp(app);
      const sqlite = config.database.kind === "sqlite" ? config.database.file : "";
      expect(modeOf(dataDir)).toBe(0o700);
      for (const file of [
        sqlite,
        `${sqlite}-wal`,
        `${sqlite}-shm`,
        path.join(dataDir, "auth-secret"),
      ]) {
        expect(modeOf(file), file).toBe(0o600);
      }
      expect(modeOf(config.mail.outboxDir)).toBe(0o700);
      const messages = await outboxFiles(config.mail.outboxDir);
      for (const message of messages) expect(modeOf(message), message).toBe(0o600);
    } finally {
      await app.close();
    }
  });

  it("tightens a database file an earlier version left readable by others", async () => {
    const dataDir = path.join(parent, "older");
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const sqlite = config.database.kind === "sqlite" ? config.database.file : "";
    closeSync(openSync(sqlite, "w", 0o644));
    chmodSync(sqlite, 0o644);
    const app = await buildApp(config);
    await app.close();
    expect(modeOf(sqlite)).toBe(0o600);
  });
});
