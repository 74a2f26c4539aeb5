/**
 * Bounds a benchmark run: it ends after a time budget even if a server or connection hangs, and
 * Ctrl-C or SIGTERM end it through process.exit, so `exit` handlers (temp-folder clean-up) run.
 * Child servers stop by themselves when we are gone (see child-lifecycle.ts).
 */
export function boundRun(budgetSeconds: number): void {
  const timer = setTimeout(() => {
    console.error(`Benchmark still running after ${budgetSeconds} s: giving up.`);
    process.exit(1);
  }, budgetSeconds * 1000);
  // Unreferenced, so a benchmark that finishes in time exits at once.
  timer.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`Benchmark interrupted by ${signal}.`);
      process.exit(130);
    });
  }
}
