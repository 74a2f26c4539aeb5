import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../src/app.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A second server on the database of `first` (the same SQLite file, or the same PostgreSQL
 * database), as servers of a cluster share one. Call it after `useTestApp`: it starts after that
 * app and, hooks running in reverse for teardown, closes before it.
 */
export function useSecondInstance(first: TestApp<string>): { readonly app: FastifyInstance } {
  let second: FastifyInstance | undefined;
  beforeAll(async () => {
    second = await buildApp({ ...first.config, seed: false });
    await second.ready();
  });
  afterAll(() => second?.close());
  return {
    get app() {
      if (!second) throw new Error("The second instance is only there inside tests and hooks");
      return second;
    },
  };
}
