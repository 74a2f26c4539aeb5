import { afterEach, beforeEach, vi } from "vitest";

/*
 * A console.error during a test (a React warning too) means something went wrong that no
 * assertion looked at: it fails the test. Imported by the server's and the web app's Vitest
 * set-ups.
 */
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length) {
    const first = errors[0]!.map((part) => (part instanceof Error ? part.stack : part));
    throw new Error(`console.error was called: ${JSON.stringify(first)}`);
  }
});
