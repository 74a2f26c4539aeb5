import path from "node:path";

export const benchDir = path.resolve(import.meta.dirname, "..");
export const repoRoot = path.resolve(benchDir, "..");
export const webDistDir = path.join(repoRoot, "apps/web/dist");
