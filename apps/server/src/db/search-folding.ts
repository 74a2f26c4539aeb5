/**
 * How search text is folded so "Élan", "ELAN" and "elan" are one word, the same way on both
 * databases (docs/decisions/009). SQLite's FTS5 tokenizer (`unicode61 remove_diacritics 2`) folds
 * case and strips accents from Latin letters by itself. PostgreSQL gets the same folding from
 * `translate()` with the two strings below in its generated search column: no extension needed,
 * and `translate()` is immutable, which a generated column requires. Queries go through
 * `foldForSearch` on both, so a query word is folded exactly as the indexed text was.
 *
 * The table is derived from Unicode data that never changes for these code points. Changing its
 * ranges or rules changes what PostgreSQL indexed: that takes a new migration that re-creates
 * the search column.
 */

/** The blocks the table covers: Latin, Greek, Cyrillic, combining accents, common punctuation. */
const RANGES: readonly (readonly [number, number])[] = [
  [0x21, 0x7e],
  [0xa0, 0x24f],
  [0x300, 0x36f],
  [0x370, 0x4ff],
  [0x1e00, 0x1eff],
  [0x2000, 0x206f],
  [0x20a0, 0x20cf],
];

/**
 * What one character becomes: punctuation, symbols and spaces separate words (so PostgreSQL's
 * parser never builds hyphenated, host or number tokens SQLite would not); a lone accent goes;
 * a Latin letter loses its accents; capitals become small letters. The quote and the backslash
 * already separate words on both databases and would need escaping in SQL, so they stay out.
 */
function foldOne(char: string): string {
  if (char === "'" || char === "\\") return char;
  if (/[\p{P}\p{S}\p{Z}]/u.test(char)) return " ";
  if (/\p{M}/u.test(char)) return "";
  const bare = /\p{Script=Latin}/u.test(char) ? char.normalize("NFD").replace(/\p{M}/gu, "") : char;
  const folded = bare.toLowerCase();
  return folded.length === 1 ? folded : char;
}

const FOLDS = new Map<string, string>();
for (const [first, last] of RANGES) {
  for (let code = first; code <= last; code++) {
    const char = String.fromCodePoint(code);
    const folded = foldOne(char);
    if (folded !== char) FOLDS.set(char, folded);
  }
}

const replaced = [...FOLDS].filter(([, to]) => to !== "");
const removed = [...FOLDS].filter(([, to]) => to === "");

/**
 * `translate(text, SEARCH_FOLD_FROM, SEARCH_FOLD_TO)` folds like `foldForSearch`: characters past
 * the end of SEARCH_FOLD_TO (the lone accents) are deleted.
 */
export const SEARCH_FOLD_FROM = [...replaced, ...removed].map(([from]) => from).join("");
export const SEARCH_FOLD_TO = replaced.map(([, to]) => to).join("");

export function foldForSearch(text: string): string {
  let folded = "";
  for (const char of text) folded += FOLDS.get(char) ?? char;
  return folded;
}

/**
 * The words of a search, folded: runs of letters and digits (with their marks). Everything else
 * separates words, so no character of either database's query syntax survives into a word. A
 * word that starts another one asks nothing more ("d" in "d ducati": the bike that has a word
 * starting with "ducati" has one starting with "d"), so it goes, and so do repeats.
 */
export function searchWords(text: string): string[] {
  const runs = foldForSearch(text).match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const words = [...new Set(runs.filter((run) => /[\p{L}\p{N}]/u.test(run)))];
  return words.filter((word) => !words.some((other) => other !== word && other.startsWith(word)));
}
