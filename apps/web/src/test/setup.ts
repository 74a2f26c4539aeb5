import "@testing-library/jest-dom/vitest";
import "@ultimate-bikes/test-support/fail-on-console-error";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Registered after the console-error trap, so it runs before the trap's check (hooks unwind).
afterEach(() => cleanup());
