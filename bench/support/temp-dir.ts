import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Runs `use` with a fresh temporary folder and removes the folder afterwards, also when the run
 * is interrupted (a scratch PostgreSQL database would be left behind, named ub_bench_*).
 */
export async function withTempDir<T>(prefix: string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  process.once("exit", remove);
  try {
    return await use(dir);
  } finally {
    remove();
    process.removeListener("exit", remove);
  }
}
