import { describe, expect, it } from "vitest";
import { changedFields, mergeDetails, mineOverTheirs } from "./details-merge";

const FIELDS = ["name", "price", "des"] as const;
const base = { name: "Honda CB500", price: 4100, des: "A commuter." };

describe("merging an edit with a colleague's", () => {
  it("keeps a field only I changed as mine", () => {
    const mine = { ...base, des: "Mine." };
    const merge = mergeDetails(FIELDS, base, mine, base);
    expect(merge).toEqual({
      merged: mine,
      conflicts: [],
      onlyMine: ["des"],
      onlyTheirs: [],
    });
  });

  it("keeps a field only they changed as theirs", () => {
    const theirs = { ...base, name: "Honda CB500 Special" };
    const merge = mergeDetails(FIELDS, base, base, theirs);
    expect(merge).toEqual({
      merged: theirs,
      conflicts: [],
      onlyMine: [],
      onlyTheirs: ["name"],
    });
  });

  it("does not call a field both changed to the same value a conflict", () => {
    const same = { ...base, price: 3999 };
    const merge = mergeDetails(FIELDS, base, same, same);
    expect(merge.conflicts).toEqual([]);
    expect(merge.merged).toEqual(same);
  });

  it("calls a field both changed to different values a conflict, keeping everything else", () => {
    const mine = { ...base, price: 3999, des: "Mine." };
    const theirs = { ...base, price: 4250, name: "Theirs" };
    const merge = mergeDetails(FIELDS, base, mine, theirs);
    expect(merge.conflicts).toEqual(["price"]);
    expect(merge.onlyMine).toEqual(["des"]);
    expect(merge.onlyTheirs).toEqual(["name"]);
    expect(merge.merged).toEqual({ name: "Theirs", price: 4250, des: "Mine." });
    // "Save mine over theirs" replaces only the conflict.
    expect(mineOverTheirs(merge, mine)).toEqual({ name: "Theirs", price: 3999, des: "Mine." });
  });

  it("sends only what differs from the stored details", () => {
    const theirs = { ...base, name: "Theirs" };
    const saved = { name: "Theirs", price: 3999, des: "Mine." };
    expect(changedFields(FIELDS, theirs, saved)).toEqual({ price: 3999, des: "Mine." });
    expect(changedFields(FIELDS, theirs, theirs)).toEqual({});
    // A detail the form does not hold is left as stored.
    expect(changedFields(FIELDS, theirs, { name: "Theirs", des: "Mine." })).toEqual({
      des: "Mine.",
    });
  });
});
