import { render, screen, waitFor } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { OptionalPart } from "./optional-part";

describe("an optional part", () => {
  it("leaves the page standing when its code cannot load", async () => {
    const failedLoad = new TypeError("Failed to fetch dynamically imported module");
    // React reports the error it caught; nothing else is logged.
    const reported = vi.spyOn(console, "error").mockImplementation(() => {});
    let loaded = false;
    const Unreachable = lazy(() => {
      loaded = true;
      return Promise.reject(failedLoad);
    });
    render(
      <main>
        <h1>Inventory</h1>
        <OptionalPart>
          <Suspense fallback={null}>
            <Unreachable />
          </Suspense>
        </OptionalPart>
      </main>,
    );
    await waitFor(() => expect(loaded).toBe(true));
    await waitFor(() =>
      expect(reported.mock.calls.flat().some((value) => value === failedLoad)).toBe(true),
    );
    expect(screen.getByRole("heading", { name: "Inventory" })).toBeInTheDocument();
    reported.mockRestore();
  });
});
