import type { ComponentType } from "react";
import { matchPath } from "react-router";
import { screenModules, type ScreenModule } from "./screen-modules";

/**
 * A screen in its own chunk, fetched when first visited, or ahead of that (preloadScreenAt).
 * Nothing here needs React at run time: the app's first module starts the current screen's
 * download with it (first-screen.ts) while React itself is still being evaluated.
 */
export interface LazyScreen {
  preload: () => Promise<ComponentType>;
  /** Set once the chunk is in. */
  loaded?: ComponentType;
}

function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let pending: Promise<ComponentType> | undefined;
  const screen: LazyScreen = {
    preload: () =>
      (pending ??= load().then(
        (component) => (screen.loaded = component),
        (error: unknown) => {
          // A failed download may work next time (a new release, a dropped connection).
          pending = undefined;
          throw error;
        },
      )),
  };
  return screen;
}

export interface LazyRoute {
  path: string;
  screen: LazyScreen;
  /** Only for signed-in people: the route guard stands in front (docs/product.md, Screens). */
  signedIn?: boolean;
}

/** Every screen module, each its own chunk, by its path from the app's root. */
const pageModules = import.meta.glob<Record<string, ComponentType | undefined>>(
  "/src/features/*/*-page.tsx",
);

/** One LazyScreen per module: two routes to one page share its chunk and its state. */
const screensByModule = new Map<string, LazyScreen>();

function screenOf({ module, component }: ScreenModule): LazyScreen {
  let screen = screensByModule.get(module);
  if (!screen) {
    const load = pageModules[`/${module}`];
    if (!load) throw new Error(`No screen module ${module}`);
    screen = lazyScreen(async () => {
      const drawn = (await load())[component];
      if (!drawn) throw new Error(`${module} exports no ${component}`);
      return drawn;
    });
    screensByModule.set(module, screen);
  }
  return screen;
}

/** Every screen but Home and Not Found, which load up front (router.tsx). */
export const lazyRoutes: LazyRoute[] = screenModules.map((screen) => ({
  path: screen.path,
  screen: screenOf(screen),
  signedIn: screen.signedIn,
}));

/**
 * Fetches the chunks of the screen at `pathname`, if it is a lazy one. Never fails: a chunk that
 * does not load is the page's to report when it renders.
 */
export async function preloadScreenAt(pathname: string): Promise<void> {
  const route = lazyRoutes.find(({ path }) => matchPath(path, pathname));
  await route?.screen.preload().catch(() => undefined);
}
