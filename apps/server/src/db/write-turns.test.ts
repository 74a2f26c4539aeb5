import { describe, expect, it } from "vitest";
import { createWriteTurns, type WriteTurns } from "./write-turns.ts";

/** A write that ends when the test says so, noting when it starts and ends. */
function heldWrite(log: string[], name: string) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  return {
    write: async () => {
      log.push(`${name} starts`);
      await ended;
      log.push(`${name} ends`);
    },
    end,
  };
}

/** One of the server's own writes, in a shared turn. */
async function shared(turns: WriteTurns, write: () => Promise<void>) {
  const done = await turns.shared();
  try {
    await write();
  } finally {
    done();
  }
}

/** Lets every promise that can settle now do so. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("write turns", () => {
  it("starts an exclusive turn once the writes under way end, and holds new ones until it ends", async () => {
    const turns = createWriteTurns();
    const log: string[] = [];
    const [first, exclusive, later] = ["first", "exclusive", "later"].map((name) =>
      heldWrite(log, name),
    );
    const writes = [
      shared(turns, first!.write),
      turns.exclusive(exclusive!.write),
      shared(turns, later!.write),
    ];
    await settle();
    expect(log).toEqual(["first starts"]);
    first!.end();
    await settle();
    expect(log).toEqual(["first starts", "first ends", "exclusive starts"]);
    exclusive!.end();
    await settle();
    expect(log.slice(3)).toEqual(["exclusive ends", "later starts"]);
    later!.end();
    await Promise.all(writes);
  });

  it("runs exclusive turns one after another, and ends a turn whose write fails", async () => {
    const turns = createWriteTurns();
    const log: string[] = [];
    const second = heldWrite(log, "second");
    const failing = turns.exclusive(async () => {
      log.push("first starts");
      throw new Error("the first write failed");
    });
    const next = turns.exclusive(second.write);
    await expect(failing).rejects.toThrow("the first write failed");
    await settle();
    expect(log).toEqual(["first starts", "second starts"]);
    second.end();
    await next;
    await shared(turns, async () => void log.push("shared"));
    expect(log.at(-1)).toBe("shared");
  });
});
