/**
 * A USB scanner is a keyboard that types a whole code in a burst and presses Enter. At most this
 * long between its keys (scanners send one every few milliseconds); a person types slower.
 */
export const SCANNER_KEY_GAP_MS = 50;

/** A burst shorter than this is a person's keys, not a code. */
export const SCANNER_CODE_MIN = 4;

/**
 * Follows the keys typed into the page and tells a scanner's codes apart: each key with the time
 * it was pressed (ms); the code, once a burst of keys ends with Enter.
 */
export function scannerKeys(maxGapMs = SCANNER_KEY_GAP_MS) {
  let text = "";
  let last = Number.NEGATIVE_INFINITY;
  return (key: string, at: number): string | undefined => {
    const inBurst = at - last <= maxGapMs;
    last = at;
    if (key === "Enter") {
      const code = inBurst ? text : "";
      text = "";
      return code.length >= SCANNER_CODE_MIN ? code : undefined;
    }
    // Shift and the like come with a scanner's capitals: part of the burst, no character.
    if (key.length === 1) text = inBurst ? text + key : key;
    return undefined;
  };
}
