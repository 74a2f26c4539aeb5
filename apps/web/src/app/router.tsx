import { matchPath, Outlet, useRoutes, type RouteObject } from "react-router";
import { RequireAuth } from "../features/auth/require-auth";
import { paths } from "../lib/paths";
import { RootLayout } from "./layout/root-layout";
import { HomeRoute } from "./routes/home-route";
import { LazyScreenElement } from "./routes/lazy-screen";
import { NotFoundRoute } from "./routes/not-found-route";
import { screens } from "./routes/screen-list";
import { lazyRoutes, type LazyRoute } from "./routes/screens";

// Keyed by path: another route's screen is another component, never this one with new props.
const routeTo = ({ path, screen }: LazyRoute): RouteObject => ({
  path,
  element: <LazyScreenElement key={path} screen={screen} />,
});

/** The signed-in screen at `pathname`, in words, as Login names it to a visitor sent there. */
export const signedInScreenTitle = (pathname: string) =>
  screens.find(({ signedIn, paths }) => signedIn && paths.some((path) => matchPath(path, pathname)))
    ?.title;

/*
 * Home and the shell load up front; every other screen is its own chunk (routes/screens.ts),
 * fetched when first visited, so the landing page's JavaScript stays small (see
 * docs/performance.md). React Router's declarative mode: its data router (loaders, actions) would
 * double the router's weight for features this app does not use.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: <HomeRoute /> },
      ...lazyRoutes.filter((route) => !route.signedIn).map(routeTo),
      {
        // Signed-in staff only (docs/product.md, Screens: route guard).
        element: (
          <RequireAuth titleOf={signedInScreenTitle}>
            <Outlet />
          </RequireAuth>
        ),
        children: lazyRoutes.filter((route) => route.signedIn).map(routeTo),
      },
      { path: "*", element: <NotFoundRoute /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
