import { Outlet } from "react-router";
import { ToastContainer } from "react-toastify";
import { LiveStock } from "../../features/bikes/live-stock";
import { useAccessTokenSync } from "../../lib/access-token";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * Header, footer and the toast area on every screen (toasts top-right, 5000 ms: docs/product.md,
 * Constants). Live stock wraps every screen: one subscription to stock changes for the whole app,
 * whatever page is open.
 */
export function RootLayout() {
  useAccessTokenSync();
  return (
    <LiveStock>
      <div className="d-flex flex-column min-vh-100">
        <a
          href="#main"
          className="visually-hidden-focusable position-absolute top-0 start-0 p-2 bg-white"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="flex-grow-1">
          <Outlet />
        </main>
        <SiteFooter />
        <ToastContainer position="top-right" autoClose={5000} />
      </div>
    </LiveStock>
  );
}
