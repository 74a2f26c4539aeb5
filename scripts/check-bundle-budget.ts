/**
 * `npm test`'s bundle budget step: checks the web build in apps/web/dist (or the folder given)
 * against scripts/bundle-budget.ts, says how it stands, and exits 1 when a chunk is over.
 */
import path from "node:path";
import { checkBundleBudget, describeBudget } from "./bundle-budget.ts";

const distDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../apps/web/dist"));
const result = checkBundleBudget(distDir);
if (result.over.length > 0) {
  console.error(describeBudget(result));
  process.exit(1);
}
console.log(describeBudget(result));
