import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { paths } from "../lib/paths";
import { routes, signedInScreenTitle } from "./router";
import { screens } from "./routes/screen-list";
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

  it("names every signed-in screen in words, for Login's 'Sign in to continue to …'", () => {
    for (const screen of screens.filter(({ signedIn }) => signedIn)) {
      expect(screen.title, screen.paths[0]).toMatch(/\w/);
    }
    expect(signedInScreenTitle("/dashboard")).toBe("Dashboard");
    expect(signedInScreenTitle("/inventory/123/edit")).toBe("Edit a bike");
    expect(signedInScreenTitle("/inventory/123")).toBe("the bike's page");
    // Screens anyone may open are never the guard's.
    expect(signedInScreenTitle("/inventory")).toBeUndefined();
  });
});
