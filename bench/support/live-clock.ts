/**
 * The clock every process of the live stock benchmark reads: Node's hrtime, which on Linux is
 * CLOCK_MONOTONIC, one clock for the whole machine. A time taken in the writer and one taken in a
 * subscriber process can be subtracted, to the microsecond, without the steps and slews of the
 * wall clock that `performance.timeOrigin` is based on.
 */
export function nowMs(): number {
  return Number(process.hrtime.bigint() / 1000n) / 1000;
}
