import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

// The project brings its own Node (the `node` package, docs/decisions/007): every npm script,
// and so this test run, must be on exactly that version, whatever Node the machine has.
test("runs on the Node version the project pins", () => {
  const rootManifest = new URL("../../../package.json", import.meta.url);
  const { dependencies } = JSON.parse(readFileSync(rootManifest, "utf8")) as {
    dependencies: { node: string };
  };
  expect(dependencies.node).toMatch(/^24\.\d+\.\d+$/);
  expect(process.versions.node).toBe(dependencies.node);
});
