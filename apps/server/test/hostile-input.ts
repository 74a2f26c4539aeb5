import fc from "fast-check";

/**
 * The pieces of hostile input the attack tests send, one arbitrary each: text no field should
 * store, URL parts no route should trip on, JSON no parser or validator should crash on.
 */

/**
 * Characters no text field may hold: NUL and the other C0 controls except tab and line breaks,
 * DEL and C1 controls, lone surrogates, and the bidi overrides and isolates that disguise text.
 */
const HOSTILE_CHARACTERS = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000b",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009b",
  "\ud800",
  "\udfff",
  "\u202a",
  "\u202e",
  "\u2066",
  "\u2069",
];

/** Text with at least one hostile character somewhere in it. */
export const hostileText = fc
  .tuple(
    fc.string({ maxLength: 6 }),
    fc.constantFrom(...HOSTILE_CHARACTERS),
    fc.string({ maxLength: 6 }),
  )
  .map(([before, hostile, after]) => before + hostile + after);

/** Longer than any text field allows, and in its own right a large request. */
export const hugeText = fc
  .tuple(fc.constantFrom(5_000, 30_000, 60_000), fc.constantFrom("x", "é", "😀"))
  .map(([length, character]) => character.repeat(length / character.length));

/**
 * Percent-encodes text for a URL as a careless client would send it: a lone surrogate becomes
 * the three bytes it would have in CESU-8, which is not UTF-8.
 */
export function percentEncode(text: string): string {
  let encoded = "";
  for (const character of text) {
    const code = character.charCodeAt(0);
    encoded +=
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join("")
        : encodeURIComponent(character);
  }
  return encoded;
}

/** URL text (already encoded) that is no id: traversal, NUL, broken escapes, huge, unicode. */
const hostileUrlText = fc.oneof(
  fc.constantFrom(
    "%00",
    "..",
    "%2e%2e",
    "..%2F..%2Fetc%2Fpasswd",
    "%2F",
    "%5C..%5C",
    "%zz",
    "%",
    "%C0%80",
    "%ED%A0%80",
    "%FF",
    "%E2%80%AE",
    "%0D%0ASet-Cookie:%20a=b",
    "null",
    "undefined",
    "-1",
    "1e400",
    "%20",
    "__proto__",
    "😀",
    "é",
  ),
  fc.string({ unit: "binary", minLength: 1, maxLength: 30 }).map(percentEncode),
  hostileText.map(percentEncode),
  fc.constantFrom(101, 1_000, 20_000).map((length) => "a".repeat(length)),
);

/** A path segment that names nothing: hostile text, or a real id spoiled by one character. */
export const badSegment = (realIds: readonly string[]) =>
  realIds.length === 0
    ? hostileUrlText
    : fc.oneof(
        { arbitrary: hostileUrlText, weight: 4 },
        fc
          .tuple(fc.constantFrom(...realIds), fc.constantFrom("%00", "x", "%20", "/..", "%0A"))
          .map(([id, spoiler]) => (spoiler === "%20" ? spoiler + id : id + spoiler)),
        fc.constantFrom(...realIds).map((id) => id.slice(0, -1)),
      );

/** The rest of a path under a wildcard: traversal and junk, one or more segments. */
export const badPathTail = fc.oneof(
  fc.constantFrom(
    "..%2F..%2Fpackage.json",
    "../../../etc/passwd",
    "%2e%2e/%2e%2e/package.json",
    "index.html%00.js",
    "..%5C..%5Cpackage.json",
    ".vite/manifest.json",
  ),
  fc.array(hostileUrlText, { minLength: 1, maxLength: 3 }).map((segments) => segments.join("/")),
);

/** A JSON value of a type no text or number field takes (as raw JSON text). */
export const wrongTypeJson = fc.constantFrom("null", "true", "{}", "[]", "[1]", '{"a":1}');

/** Numbers (raw JSON) no whole-number field takes: negative, fractional, huge, or text of one. */
export const badWholeNumberJson = fc.constantFrom(
  "-1",
  "1.5",
  "0.001",
  "1000001",
  "1e308",
  "-1e308",
  "1e400",
  "9007199254740993",
  '"-1"',
  '"1.5"',
  '"abc"',
  '""',
  '"1e3"',
  '"0x10"',
  '"١"',
);

/** Prices (raw JSON) no price field takes. */
export const badPriceJson = fc.constantFrom(
  "-1",
  "0.001",
  "1.234",
  "10000001",
  "1e308",
  "1e400",
  '"-1"',
  '"1.234"',
  '"abc"',
  '""',
  '"1,5"',
  '"$10"',
);

/** Bodies sent as JSON that are no object: other values and text that is no JSON at all. */
export const notAnObjectJson = fc.constantFrom('[{"a":1}]', "1", "-1", '"text"', "null", "true");
export const notJson = fc.constantFrom(
  "",
  "{",
  '{"a":',
  "[1,]",
  "{'a':1}",
  '{"a":1}}',
  "NaN",
  "undefined",
  "\u0000",
  '{"a":01}',
);

/** JSON nested thousands deep, as arrays or objects. */
export const deeplyNestedJson = fc
  .tuple(fc.constantFrom(1_000, 5_000, 10_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? "[".repeat(depth) + "]".repeat(depth)
      : '{"a":'.repeat(depth) + "1" + "}".repeat(depth),
  );

/** Keys that poison prototypes when a parser copies them naively. */
export const prototypePoison = fc.constantFrom(
  '"__proto__":{"polluted":true}',
  '"constructor":{"prototype":{"polluted":true}}',
);

/** Content types under which a JSON route must not take a body. */
export const wrongContentType = fc.constantFrom(
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "application/xml",
  "application/octet-stream",
  "text/html",
  "application/jsonx",
);

/** Fields nobody may set from outside, added beside a defect in case a route copies the body. */
export const privilegedField = fc.constantFrom(
  '"emailVerified":true',
  '"role":"admin"',
  '"id":"0b0d7a3e-4f4e-4b8e-9f8e-2a4d5c6b7a80"',
  '"userId":"someone-else"',
  '"ownerId":null',
  '"quantity":999999',
);
