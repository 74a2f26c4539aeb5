// autocannon ships no type declarations; these cover only the parts the benchmarks use.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds a request may take before it counts as a timeout. */
    timeout?: number;
  }

  interface AutocannonResult {
    /** Seconds the run actually lasted. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  interface AutocannonInstance extends EventEmitter, PromiseLike<AutocannonResult> {
    on(
      event: "response",
      listener: (
        client: unknown,
        statusCode: number,
        responseBytes: number,
        responseTimeMs: number,
      ) => void,
    ): this;
    stop(): void;
  }

  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export default autocannon;
}
