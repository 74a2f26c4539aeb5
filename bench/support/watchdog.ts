/**
 * The one watchdog rule for every benchmark: a run in which nothing has happened for two minutes
 * (no response from a server under load, no finished step) has hung, and ends with exit code 1.
 * A rule on signs of life rather than on a time budget needs no estimate of how long each
 * benchmark should take, so it holds whatever the options ask for.
 */
const stallMs = 120_000;
let signsOfLife = 0;

/** Something happened: a response came back or a step finished. Cheap enough for every response. */
export function stillRunning(): void {
  signsOfLife++;
}

/**
 * Starts the watchdog. Ctrl-C and SIGTERM end the run through process.exit too, so `exit`
 * handlers (temp-folder clean-up) run; child servers stop by themselves when we are gone (see
 * child-lifecycle.ts).
 */
export function startWatchdog(): void {
  let seen = signsOfLife;
  let quietSince = Date.now();
  const timer = setInterval(() => {
    if (signsOfLife !== seen) {
      seen = signsOfLife;
      quietSince = Date.now();
    } else if (Date.now() - quietSince > stallMs) {
      console.error(`Benchmark stalled: nothing happened for ${stallMs / 1000} s. Giving up.`);
      process.exit(1);
    }
  }, 5_000);
  // Unreferenced, so a benchmark that finishes exits at once.
  timer.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`Benchmark interrupted by ${signal}.`);
      process.exit(130);
    });
  }
}
