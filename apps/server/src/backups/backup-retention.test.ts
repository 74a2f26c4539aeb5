import { describe, expect, it } from "vitest";
import { backupName, backupTime } from "./backup-file.ts";
import { backupsToDelete } from "./backup-retention.ts";

const at = (iso: string) => backupName(new Date(iso));

describe("BACKUP_KEEP", () => {
  it("deletes the oldest backups beyond the newest `keep`, in whatever order they are listed", () => {
    const names = [
      at("2026-11-24T03:00:00.000Z"),
      at("2026-11-26T03:00:00.000Z"),
      at("2026-11-22T03:00:00.000Z"),
      at("2026-11-25T03:00:00.000Z"),
      at("2026-11-23T03:00:00.000Z"),
    ];
    expect(backupsToDelete(names, 3)).toEqual([
      at("2026-11-23T03:00:00.000Z"),
      at("2026-11-22T03:00:00.000Z"),
    ]);
    expect(backupsToDelete(names, 5)).toEqual([]);
    expect(backupsToDelete(names, 1)).toHaveLength(4);
  });

  it("never counts or deletes a file that is not a backup", () => {
    const names = ["notes.txt", at("2026-11-25T03:00:00.000Z"), ".ultimate-bikes-x.tar.partial"];
    expect(backupsToDelete(names, 1)).toEqual([]);
  });

  it("reads a backup's time back from its name", () => {
    const name = at("2026-11-26T14:08:16.123Z");
    expect(name).toBe("ultimate-bikes-2026-11-26T14-08-16.123Z.tar");
    expect(backupTime(name)?.toISOString()).toBe("2026-11-26T14:08:16.123Z");
    expect(backupTime("ultimate-bikes-latest.tar")).toBeUndefined();
  });
});
