import { backupListSchema, backupSchema, NO_SUCH_BACKUP } from "@ultimate-bikes/contract/backups";
import { uniqueEmail } from "@ultimate-bikes/test-support/accounts";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { list } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "../../test/accounts.ts";
import { signUpAs, verifyEmailOf } from "../../test/roles.ts";
import { testDatabaseKind, useTestApp } from "../../test/test-app.ts";

/*
 * The Backups screen's API as an admin uses it. Who may call it at all is the role matrix's
 * (attack/role-matrix.api.test.ts).
 */
describe(`the backups API on ${testDatabaseKind}`, () => {
  const adminEmail = uniqueEmail("backup-admin");
  const backupDir = mkdtempSync(path.join(tmpdir(), "ultimate-bikes-backups-"));
  const test = useTestApp({
    environment: {
      ACCESS_POLICY: "invite",
      ADMIN_EMAILS: adminEmail,
      ...(testDatabaseKind === "sqlite"
        ? { BACKUP_DIR: backupDir, BACKUP_EVERY: "24", BACKUP_KEEP: "3" }
        : {}),
    },
  });
  let admin: TestUser;
  beforeAll(async () => {
    admin = await signUpAs(test.app, test.config, "member", adminEmail);
    await verifyEmailOf(test.app, test.config, adminEmail);
  });
  afterAll(() => rmSync(backupDir, { recursive: true, force: true }));

  const asAdmin = (method: "GET" | "POST", url: string) =>
    test.app.inject({
      method,
      url,
      headers: { cookie: admin.cookie, origin: test.config.publicUrl },
    });

  // What a server does with backups depends on its database: one test each, never a skipped one.
  const makesSqliteBackups = async () => {
    const before = backupListSchema.parse((await asAdmin("GET", "/api/backups")).json());
    expect(before).toEqual({
      database: "sqlite",
      folder: backupDir,
      schedule: { everyHours: 24, keep: 3 },
      backups: [],
    });
    // A file that is not a backup is neither listed nor downloadable.
    writeFileSync(path.join(backupDir, "notes.txt"), "not a backup");

    const made = await asAdmin("POST", "/api/backups");
    expect(made.statusCode).toBe(201);
    const backup = backupSchema.parse(made.json());
    const second = backupSchema.parse((await asAdmin("POST", "/api/backups")).json());
    const listed = backupListSchema.parse((await asAdmin("GET", "/api/backups")).json());
    expect(listed.backups).toEqual([second, backup]);
    expect(backup.size).toBeGreaterThan(10_000);

    const download = await asAdmin("GET", `/api/backups/${backup.name}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/x-tar");
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="${backup.name}"`);
    const saved = path.join(backupDir, "downloaded.tar");
    writeFileSync(saved, download.rawPayload);
    const entries: string[] = [];
    await list({ file: saved, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toEqual(["manifest.json", "database.sqlite"]);
  };

  const leavesPostgresBackupsToTheOperator = async () => {
    const listed = await asAdmin("GET", "/api/backups");
    expect(listed.json()).toEqual({
      database: "postgres",
      folder: null,
      schedule: null,
      backups: [],
    });
    const made = await asAdmin("POST", "/api/backups");
    expect(made.statusCode).toBe(409);
    expect(made.json()).toMatchObject({ message: expect.stringContaining("npm run backup") });
  };

  if (testDatabaseKind === "sqlite") {
    it(
      "makes a backup now, lists it newest first with the folder and schedule, and downloads it",
      makesSqliteBackups,
    );
  } else {
    it(
      "says the operator makes PostgreSQL's backups, and makes none itself",
      leavesPostgresBackupsToTheOperator,
    );
  }

  it.each([
    ["a path out of the folder", "..%2F..%2Fauth-secret"],
    ["a file that is not a backup", "notes.txt"],
    ["a backup's name with something after it", "ultimate-bikes-2026-01-01T00-00-00.000Z.tar.x"],
    ["a backup that is not there", "ultimate-bikes-2026-01-01T00-00-00.000Z.tar"],
  ])("answers a download of %s with 404, as for any id that names nothing", async (_what, name) => {
    const response = await asAdmin("GET", `/api/backups/${name}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, message: NO_SUCH_BACKUP });
  });
});
