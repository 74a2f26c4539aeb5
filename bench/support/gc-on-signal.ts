/**
 * Preloaded into a server whose memory a benchmark reads (`node --expose-gc --import
 * gc-on-signal.ts`): SIGUSR2 runs one full garbage collection, so "after idle + GC" is measured
 * at a moment the benchmark chooses rather than whenever V8 gets round to it.
 */
const collect = globalThis.gc;
if (!collect) throw new Error("gc-on-signal.ts needs node --expose-gc");
process.on("SIGUSR2", () => collect());
