import { describe, expect, it } from "vitest";
import { foldForSearch, SEARCH_FOLD_FROM, SEARCH_FOLD_TO, searchWords } from "./search-folding.ts";

/** PostgreSQL's translate(): each character of `from` becomes the one at its place in `to`, or goes. */
function translate(text: string, from: string, to: string): string {
  const target = [...to];
  return [...text]
    .map((char) => {
      const at = [...from].indexOf(char);
      return at === -1 ? char : (target[at] ?? "");
    })
    .join("");
}

describe("folding search text", () => {
  it("drops case and the accents of Latin letters, composed or not", () => {
    expect(foldForSearch("Ducati ÉLAN Ståhl Œuvre")).toBe("ducati elan stahl œuvre");
    expect(foldForSearch("E\u0301lan")).toBe("elan");
    expect(foldForSearch("İstanbul Łódź")).toBe("istanbul łodz");
  });

  it("keeps the accents of other scripts, but not their capitals", () => {
    expect(foldForSearch("ΆΛΦΑ Ёж")).toBe("άλφα ёж");
  });

  it("turns punctuation and symbols into spaces", () => {
    expect(foldForSearch("yzf-r1, 1.103 cc – rock’n’roll")).toBe("yzf r1  1 103 cc   rock n roll");
  });

  it("folds in PostgreSQL's translate() exactly as in JavaScript", () => {
    const sample = [...SEARCH_FOLD_FROM, ..."plain text 123 ßæø 語"].join("");
    expect(translate(sample, SEARCH_FOLD_FROM, SEARCH_FOLD_TO)).toBe(foldForSearch(sample));
    // Nothing in the table needs escaping in an SQL string literal.
    expect(SEARCH_FOLD_FROM).not.toMatch(/['\\]/);
    expect(SEARCH_FOLD_TO).not.toMatch(/['\\]/);
  });
});

describe("search words", () => {
  it("are the runs of letters and digits, folded", () => {
    expect(searchWords('  Yamaha YZF-R1 "Élan"*  ')).toEqual(["yamaha", "yzf", "r1", "elan"]);
  });

  it("never carry a character of either query syntax", () => {
    expect(searchWords(`" * : & | ! ( ) - ' \\ <-> ^ + { } [ ] % _ ;`)).toEqual([]);
    expect(searchWords("NEAR(ducati monster, 2) name:x")).toEqual([
      "near",
      "ducati",
      "monster",
      "2",
      "name",
      "x",
    ]);
    expect(searchWords("a'b c\\d")).toEqual(["a", "b", "c", "d"]);
  });

  it("leave out repeats and words that start another word", () => {
    expect(searchWords("d Ducati du DUCATI mon")).toEqual(["ducati", "mon"]);
  });
});
