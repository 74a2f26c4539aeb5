// autocannon ships no type declarations; these cover only the parts the benchmarks use.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  interface AutocannonRequest {
    method: "GET" | "POST";
    path: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called with each response to this request, whatever its status. */
    onResponse?: (status: number) => void;
  }

  interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds of load, when no `amount` is given. */
    duration?: number;
    /** Requests in all; the run ends once every one of them has been answered. */
    amount?: number;
    /** Seconds a request may take before it counts as a timeout. */
    timeout?: number;
    requests?: AutocannonRequest[];
    /** Called once per connection as it is created. */
    setupClient?: (client: { setRequests(requests: AutocannonRequest[]): void }) => void;
    /** Milliseconds between samples, which is also how soon a counted run notices its end. */
    sampleInt?: number;
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
  }

  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export default autocannon;
  export type { AutocannonInstance, AutocannonRequest };
}
