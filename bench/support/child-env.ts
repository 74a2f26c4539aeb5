import { randomBytes } from "node:crypto";

/**
 * The environment for a benchmark server: only what a Node process needs to run plus the given
 * variables, so nothing from the caller's shell (a DATABASE_URL, a LOG_LEVEL) leaks into a run.
 */
export function childEnv(variables: Record<string, string>): Record<string, string> {
  const inherited: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "TMPDIR", "LANG"]) {
    const value = process.env[name];
    if (value !== undefined) inherited[name] = value;
  }
  return { ...inherited, ...variables };
}

/** The real app as it runs in production, with its data in `dataDir` and no logging. */
export function appEnv(
  dataDir: string,
  variables: Record<string, string> = {},
): Record<string, string> {
  return childEnv({
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...variables,
  });
}
