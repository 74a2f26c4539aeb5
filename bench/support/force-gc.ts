/**
 * Preloaded into a server under soak (`node --expose-gc --import force-gc.ts`): a full garbage
 * collection every SOAK_GC_INTERVAL_MS milliseconds, so objects with native finalizers
 * (better-sqlite3's prepared statements) are freed while requests are in flight. That is where
 * an add-on that mishandles finalization brings the process down.
 */
const collect = globalThis.gc;
if (!collect) throw new Error("force-gc.ts needs node --expose-gc");
const intervalMs = Number(process.env.SOAK_GC_INTERVAL_MS ?? 100);
setInterval(() => collect(), intervalMs).unref();
