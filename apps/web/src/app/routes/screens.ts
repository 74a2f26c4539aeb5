import type { ComponentType } from "react";
import { matchPath } from "react-router";
import { screens } from "./screen-list";

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

/** Every screen but Home and Not Found, which load up front (router.tsx). */
export const lazyRoutes: LazyRoute[] = screens.flatMap(({ paths, page, signedIn }) => {
  // One LazyScreen per page: two routes to one page share its chunk and its state.
  const screen = lazyScreen(page);
  return paths.map((path) => ({ path, screen, signedIn }));
});

/**
 * Fetches the chunks of the screen at `pathname`, if it is a lazy one. Never fails: a chunk that
 * does not load is the page's to report when it renders.
 */
export async function preloadScreenAt(pathname: string): Promise<void> {
  const route = lazyRoutes.find(({ path }) => matchPath(path, pathname));
  await route?.screen.preload().catch(() => undefined);
}
