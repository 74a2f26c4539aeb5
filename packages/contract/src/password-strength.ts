import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/*
 * How guessable a new password is, by zxcvbn (its dictionaries of common passwords, English words
 * and names, keyboard patterns, dates…). The server checks every new password with it; the web
 * forms check the same before sending. The dictionaries are large, so they load on first use
 * only: a page that never asks for a new password never downloads them.
 */

/** zxcvbn's scale: 0 too guessable … 4 very unguessable. 3 resists an offline attack on a slow hash. */
export const PASSWORD_MIN_SCORE = 3;

/** Only this much of a password is scored: the estimate's time grows with the length. */
const SCORED_LENGTH = 100;

let checker: Promise<ZxcvbnFactory> | undefined;

async function loadChecker(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common, english] = await Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]);
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
}

/** Starts loading the dictionaries, so the first check is quick (a form calls it as it opens). */
export function preparePasswordStrength(): Promise<unknown> {
  checker ??= loadChecker();
  return checker;
}

/**
 * Why `password` is too easy to guess, in words a person can act on, or undefined when it is
 * strong enough. `personal` are what the account itself says (its email, its name): a password
 * made of them is weak whatever a dictionary says.
 */
export async function passwordStrengthProblem(
  password: string,
  personal: readonly string[] = [],
): Promise<string | undefined> {
  checker ??= loadChecker();
  const zxcvbn = await checker;
  const personalWords = personal.flatMap((text) => [text, ...text.split(/[^\p{L}\p{N}]+/u)]);
  const result = zxcvbn.check(
    password.slice(0, SCORED_LENGTH),
    personalWords.filter((word) => word.length >= 3),
  );
  if (result.score >= PASSWORD_MIN_SCORE) return undefined;
  const why = result.feedback.warning ? ` ${result.feedback.warning}` : "";
  return `This password is too easy to guess.${why} Try a few uncommon words together.`;
}
