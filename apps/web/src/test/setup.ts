import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

// A console.error during a test (React warnings included) fails it.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  if (errors.length) throw new Error(`console.error was called: ${String(errors[0]?.[0])}`);
});
