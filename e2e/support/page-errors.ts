import type { BrowserContext } from "@playwright/test";

/** Tells whether a console error (its text, and the URL it came from) is one a test expects. */
export type ExpectedConsoleError = (text: string, url: string) => boolean;

export interface PageErrors {
  /**
   * Declares console errors this test causes on purpose (e.g. the 404 the browser logs for an
   * unknown bike). Keep the filter narrow: any other error still fails the test.
   */
  expect(expected: ExpectedConsoleError): void;
  /** Uncaught errors, and console errors no declaration expects, from every page so far. */
  unexpected(): string[];
}

/** Records, from now on, uncaught errors and console errors of every page in the context. */
export function watchPageErrors(context: BrowserContext): PageErrors {
  const uncaught: string[] = [];
  const consoleErrors: { text: string; url: string }[] = [];
  const expected: ExpectedConsoleError[] = [];
  context.on("weberror", (error) => uncaught.push(`pageerror: ${error.error().message}`));
  context.on("console", (message) => {
    if (message.type() === "error") {
      consoleErrors.push({ text: message.text(), url: message.location().url });
    }
  });
  return {
    expect: (filter) => {
      expected.push(filter);
    },
    unexpected: () => [
      ...uncaught,
      ...consoleErrors
        .filter(({ text, url }) => !expected.some((isExpected) => isExpected(text, url)))
        .map(({ text, url }) => `console.error: ${text}${url ? ` (${url})` : ""}`),
    ],
  };
}
