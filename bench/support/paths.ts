import path from "node:path";

export const benchDir = path.resolve(import.meta.dirname, "..");
export const repoRoot = path.resolve(benchDir, "..");
export const webDistDir = path.join(repoRoot, "apps/web/dist");
/** The real app for a child process: buildApp from the environment (see child-lifecycle.ts). */
export const appServerScript = path.join(benchDir, "support/serve-app.ts");
