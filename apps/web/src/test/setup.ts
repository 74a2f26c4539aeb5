import "@testing-library/jest-dom/vitest";
import "@ultimate-bikes/test-support/fail-on-console-error";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy and waitFor give up after 3 s, not 1: on a loaded 2-core machine (CI, or a suite beside
// others) a screen that appears in 50 ms when idle has taken over a second. A test that passes
// waits no longer for it.
configure({ asyncUtilTimeout: 3000 });

// Registered after the console-error trap, so it runs before the trap's check (hooks unwind).
afterEach(() => cleanup());
