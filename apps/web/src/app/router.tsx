import { createBrowserRouter, Outlet } from "react-router";
import { RequireAuth } from "../features/auth/require-auth";
import { paths } from "../lib/paths";
import { RootLayout } from "./layout/root-layout";
import { HomeRoute } from "./routes/home-route";
import { NotFoundRoute } from "./routes/not-found-route";

const bikePage = async () => ({
  Component: (await import("../features/bikes/bike-detail-page")).BikeDetailPage,
});

/*
 * Home and the shell load up front; every other screen is its own chunk, fetched when first
 * visited, so the landing page's JavaScript stays small (see docs/performance.md).
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: <HomeRoute /> },
      {
        path: paths.inventory,
        lazy: async () => ({
          Component: (await import("../features/bikes/inventory-page")).InventoryPage,
        }),
      },
      {
        path: paths.blog,
        lazy: async () => ({ Component: (await import("../features/blog/blog-page")).BlogPage }),
      },
      {
        path: paths.login,
        lazy: async () => ({ Component: (await import("../features/auth/login-page")).LoginPage }),
      },
      {
        path: paths.register,
        lazy: async () => ({
          Component: (await import("../features/auth/register-page")).RegisterPage,
        }),
      },
      {
        path: paths.verifyEmail,
        lazy: async () => ({
          Component: (await import("../features/auth/verify-email-page")).VerifyEmailPage,
        }),
      },
      {
        path: paths.resetPassword,
        lazy: async () => ({
          Component: (await import("../features/auth/reset-password-page")).ResetPasswordPage,
        }),
      },
      {
        path: paths.oauthPopupDone,
        lazy: async () => ({
          Component: (await import("../features/auth/oauth-popup-done-page")).OAuthPopupDonePage,
        }),
      },
      {
        // Signed-in staff only (docs/product.md, Screens: route guard).
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          { path: paths.bike, lazy: bikePage },
          { path: paths.bikeByOldLink, lazy: bikePage },
          {
            path: paths.manageInventory,
            lazy: async () => ({
              Component: (await import("../features/bikes/manage-inventory-page"))
                .ManageInventoryPage,
            }),
          },
          {
            path: paths.addNew,
            lazy: async () => ({
              Component: (await import("../features/bikes/add-bike-page")).AddBikePage,
            }),
          },
          {
            path: paths.myItems,
            lazy: async () => ({
              Component: (await import("../features/bikes/my-items-page")).MyItemsPage,
            }),
          },
          {
            path: paths.recentlyDeleted,
            lazy: async () => ({
              Component: (await import("../features/bikes/recently-deleted-page"))
                .RecentlyDeletedPage,
            }),
          },
          {
            path: paths.people,
            lazy: async () => ({
              Component: (await import("../features/people/people-page")).PeoplePage,
            }),
          },
        ],
      },
      { path: "*", element: <NotFoundRoute /> },
    ],
  },
]);
