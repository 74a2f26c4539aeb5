import { describe, expect, it } from "vitest";
import { SCANNER_KEY_GAP_MS, scannerKeys } from "./scanner-keys";

/** Presses each key at its time (ms); the codes the burst finder returned. */
function press(keys: [key: string, at: number][]) {
  const finder = scannerKeys();
  return keys.map(([key, at]) => finder(key, at)).filter((code) => code !== undefined);
}

/** `text` then Enter, a key every `gap` ms from `start`. */
const typed = (text: string, gap: number, start = 1000): [string, number][] =>
  [...text, "Enter"].map((key, index) => [key, start + index * gap]);

describe("telling a USB scanner's codes from a person's keys", () => {
  it("returns a burst of keys ending with Enter", () => {
    expect(press(typed("ME1RM2810P0012345", 5))).toEqual(["ME1RM2810P0012345"]);
  });

  it("ignores keys typed at a person's pace", () => {
    expect(press(typed("ME1RM2810P0012345", SCANNER_KEY_GAP_MS + 30))).toEqual([]);
  });

  it("starts a code afresh after a pause, so keys typed before do not stick to it", () => {
    expect(press([...typed("ab", 200), ...typed("UB-00042", 5, 5000)])).toEqual(["UB-00042"]);
  });

  it("keeps Shift out of the code, and ignores a burst too short to be one", () => {
    const shifted: [string, number][] = [
      ["Shift", 0],
      ["U", 2],
      ["Shift", 4],
      ["B", 6],
      ["-", 8],
      ["4", 10],
      ["2", 12],
      ["Enter", 14],
    ];
    expect(press(shifted)).toEqual(["UB-42"]);
    expect(press(typed("42", 5))).toEqual([]);
  });
});
