import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { paths } from "../lib/paths";
import { routes } from "./router";
import { lazyRoutes } from "./routes/screens";

const routePaths = (routes: RouteObject[]): string[] =>
  routes.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...routePaths(route.children ?? []),
  ]);

describe("router", () => {
  it("has a route for every path in lib/paths and no path of its own but the catch-all", () => {
    expect(routePaths(routes).sort()).toEqual([...Object.values(paths), "*"].sort());
  });

  it("loads each lazy screen's component from the module its table names", async () => {
    for (const route of lazyRoutes) {
      expect(typeof (await route.screen.preload()), route.path).toBe("function");
    }
  });
});
