import { z } from "zod";

/*
 * Text that cannot hurt: the one rule every text field of every request follows, on both sides.
 * Control characters (C0, DEL and C1) are refused, since PostgreSQL cannot store NUL and nobody
 * types the rest; line breaks and tabs only in the fields that hold several lines. Ill-formed
 * Unicode (a lone surrogate) is refused, since it cannot be stored or sent as UTF-8 intact. And
 * bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) are refused, since they make
 * text display in another order than it reads ("Trojan Source"). docs/decisions/012.
 */

// Matching control characters is the point of these two.
/* eslint-disable no-control-regex */
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */
// With the `u` flag a surrogate pair is one code point, so only an unpaired half matches.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

export const TEXT_PROBLEMS = {
  control: "must not contain control characters",
  lineBreak: "must be one line, without control characters",
  illFormed: "must be well-formed Unicode text",
  bidi: "must not contain bidirectional override characters",
} as const;

export interface SafeTextOptions {
  /** Line breaks and tabs are allowed (a bike's description). */
  multiline?: boolean;
}

/** What is wrong with `text` under the rule above, or undefined when nothing is. */
export function unsafeTextProblem(
  text: string,
  { multiline = false }: SafeTextOptions = {},
): string | undefined {
  if (LONE_SURROGATE.test(text)) return TEXT_PROBLEMS.illFormed;
  if (multiline ? MULTI_LINE_CONTROL.test(text) : SINGLE_LINE_CONTROL.test(text)) {
    return multiline ? TEXT_PROBLEMS.control : TEXT_PROBLEMS.lineBreak;
  }
  if (BIDI_CONTROL.test(text)) return TEXT_PROBLEMS.bidi;
  return undefined;
}

/** The check itself, for a string schema built some other way (`.check(safeCharacters())`). */
export const safeCharacters = (options: SafeTextOptions = {}) =>
  z.superRefine<string>((text, context) => {
    const problem = unsafeTextProblem(text, options);
    if (problem) context.addIssue({ code: "custom", message: problem, input: text });
  });

export interface SafeTextFieldOptions extends SafeTextOptions {
  /** Refuse the empty text (after trimming) with "is required". Default true. */
  required?: boolean;
  /** Trim surrounding white space first. Default true. */
  trim?: boolean;
  /** The message for a missing value or one that is not text. Default "is required". */
  missing?: string;
  /** The message for text over `max`. Default "must be at most {max} characters". */
  tooLong?: string;
}

/**
 * A text field: a string of at most `max` characters that passes the rule above, trimmed and
 * required unless told otherwise. Every text field of the contract is one of these.
 */
export function safeText(
  max: number,
  {
    multiline = false,
    required = true,
    trim = true,
    missing = "is required",
    tooLong = `must be at most ${max} characters`,
  }: SafeTextFieldOptions = {},
) {
  let text = z.string({ error: missing });
  if (trim) text = text.trim();
  if (required) text = text.min(1, missing);
  return text.max(max, tooLong).check(safeCharacters({ multiline }));
}
