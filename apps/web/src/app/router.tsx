import { createBrowserRouter, Outlet } from "react-router";
import { LoginPage } from "../features/auth/login-page";
import { OAuthPopupDonePage } from "../features/auth/oauth-popup-done-page";
import { RegisterPage } from "../features/auth/register-page";
import { RequireAuth } from "../features/auth/require-auth";
import { ResetPasswordPage } from "../features/auth/reset-password-page";
import { VerifyEmailPage } from "../features/auth/verify-email-page";
import { BikeDetailPage } from "../features/bikes/bike-detail-page";
import { InventoryPage } from "../features/bikes/inventory-page";
import { BlogPage } from "../features/blog/blog-page";
import { RootLayout } from "./layout/root-layout";
import { HomeRoute } from "./routes/home-route";
import { NotFoundRoute } from "./routes/not-found-route";

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: "inventory", element: <InventoryPage /> },
      { path: "blog", element: <BlogPage /> },
      { path: "login", element: <LoginPage /> },
      { path: "register", element: <RegisterPage /> },
      { path: "verify-email", element: <VerifyEmailPage /> },
      { path: "reset-password", element: <ResetPasswordPage /> },
      { path: "auth/popup-done", element: <OAuthPopupDonePage /> },
      {
        // Signed-in staff only (spec §2, route guard).
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          { path: "inventory/:id", element: <BikeDetailPage /> },
          { path: "inventory/inventory/:id", element: <BikeDetailPage /> },
        ],
      },
      { path: "*", element: <NotFoundRoute /> },
    ],
  },
]);
