import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { paths } from "../lib/paths";
import { routes } from "./router";

const routePaths = (routes: RouteObject[]): string[] =>
  routes.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...routePaths(route.children ?? []),
  ]);

describe("router", () => {
  it("has a route for every path in lib/paths and no path of its own but the catch-all", () => {
    expect(routePaths(routes).sort()).toEqual([...Object.values(paths), "*"].sort());
  });
});
