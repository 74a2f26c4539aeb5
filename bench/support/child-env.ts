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
