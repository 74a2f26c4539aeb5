import path from "node:path";

export const repoRoot = path.resolve(import.meta.dirname, "../..");
/** The real app for a child process: buildApp from the environment (see child-lifecycle.ts). */
export const appServerScript = path.join(import.meta.dirname, "serve-app.ts");
