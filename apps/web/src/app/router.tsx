import { createBrowserRouter, Outlet } from "react-router";
import { RequireAuth } from "../features/auth/require-auth";
import { RootLayout } from "./layout/root-layout";
import { HomeRoute } from "./routes/home-route";
import { NotFoundRoute } from "./routes/not-found-route";

/*
 * Home and the shell load up front; every other screen is its own chunk, fetched when first
 * visited, so the landing page's JavaScript stays small (see docs/performance.md).
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      {
        path: "inventory",
        lazy: async () => ({
          Component: (await import("../features/bikes/inventory-page")).InventoryPage,
        }),
      },
      {
        path: "blog",
        lazy: async () => ({ Component: (await import("../features/blog/blog-page")).BlogPage }),
      },
      {
        path: "login",
        lazy: async () => ({ Component: (await import("../features/auth/login-page")).LoginPage }),
      },
      {
        path: "register",
        lazy: async () => ({
          Component: (await import("../features/auth/register-page")).RegisterPage,
        }),
      },
      {
        path: "verify-email",
        lazy: async () => ({
          Component: (await import("../features/auth/verify-email-page")).VerifyEmailPage,
        }),
      },
      {
        path: "reset-password",
        lazy: async () => ({
          Component: (await import("../features/auth/reset-password-page")).ResetPasswordPage,
        }),
      },
      {
        path: "auth/popup-done",
        lazy: async () => ({
          Component: (await import("../features/auth/oauth-popup-done-page")).OAuthPopupDonePage,
        }),
      },
      {
        // Signed-in staff only (spec §2, route guard).
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            path: "inventory/:id",
            lazy: async () => ({
              Component: (await import("../features/bikes/bike-detail-page")).BikeDetailPage,
            }),
          },
          {
            path: "inventory/inventory/:id",
            lazy: async () => ({
              Component: (await import("../features/bikes/bike-detail-page")).BikeDetailPage,
            }),
          },
          {
            path: "manage-inventory",
            lazy: async () => ({
              Component: (await import("../features/bikes/manage-inventory-page"))
                .ManageInventoryPage,
            }),
          },
          {
            path: "add-new",
            lazy: async () => ({
              Component: (await import("../features/bikes/add-bike-page")).AddBikePage,
            }),
          },
          {
            path: "my-item",
            lazy: async () => ({
              Component: (await import("../features/bikes/my-items-page")).MyItemsPage,
            }),
          },
        ],
      },
      { path: "*", element: <NotFoundRoute /> },
    ],
  },
]);
