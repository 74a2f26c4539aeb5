import type { ComponentType } from "react";
import { matchPath } from "react-router";
import { paths } from "../../lib/paths";

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

const bikePage = lazyScreen(
  async () => (await import("../../features/bikes/bike-detail-page")).BikeDetailPage,
);

/** Every screen but Home and Not Found, which load up front (router.tsx). */
export const lazyRoutes: LazyRoute[] = [
  {
    path: paths.inventory,
    screen: lazyScreen(
      async () => (await import("../../features/bikes/inventory-page")).InventoryPage,
    ),
  },
  {
    path: paths.blog,
    screen: lazyScreen(async () => (await import("../../features/blog/blog-page")).BlogPage),
  },
  {
    path: paths.login,
    screen: lazyScreen(async () => (await import("../../features/auth/login-page")).LoginPage),
  },
  {
    path: paths.register,
    screen: lazyScreen(
      async () => (await import("../../features/auth/register-page")).RegisterPage,
    ),
  },
  {
    path: paths.verifyEmail,
    screen: lazyScreen(
      async () => (await import("../../features/auth/verify-email-page")).VerifyEmailPage,
    ),
  },
  {
    path: paths.resetPassword,
    screen: lazyScreen(
      async () => (await import("../../features/auth/reset-password-page")).ResetPasswordPage,
    ),
  },
  {
    path: paths.oauthPopupDone,
    screen: lazyScreen(
      async () => (await import("../../features/auth/oauth-popup-done-page")).OAuthPopupDonePage,
    ),
  },
  { path: paths.bike, screen: bikePage, signedIn: true },
  { path: paths.bikeByOldLink, screen: bikePage, signedIn: true },
  {
    path: paths.manageInventory,
    screen: lazyScreen(
      async () => (await import("../../features/bikes/manage-inventory-page")).ManageInventoryPage,
    ),
    signedIn: true,
  },
  {
    path: paths.addNew,
    screen: lazyScreen(
      async () => (await import("../../features/bikes/add-bike-page")).AddBikePage,
    ),
    signedIn: true,
  },
  {
    path: paths.myItems,
    screen: lazyScreen(
      async () => (await import("../../features/bikes/my-items-page")).MyItemsPage,
    ),
    signedIn: true,
  },
  {
    path: paths.recentlyDeleted,
    screen: lazyScreen(
      async () => (await import("../../features/bikes/recently-deleted-page")).RecentlyDeletedPage,
    ),
    signedIn: true,
  },
  {
    path: paths.people,
    screen: lazyScreen(async () => (await import("../../features/people/people-page")).PeoplePage),
    signedIn: true,
  },
];

/**
 * Fetches the chunks of the screen at `pathname`, if it is a lazy one. Never fails: a chunk that
 * does not load is the page's to report when it renders.
 */
export async function preloadScreenAt(pathname: string): Promise<void> {
  const route = lazyRoutes.find(({ path }) => matchPath(path, pathname));
  await route?.screen.preload().catch(() => undefined);
}
