import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { LiveStock } from "../../features/bikes/live-stock";
import { LoadingSpinner } from "../../components/loading-spinner";
import { OptionalPart } from "../../components/optional-part";
import { AfterFirstPaint } from "../../lib/use-after-first-paint";
import { RouteErrorBoundary } from "./route-error-boundary";
import { ScrollRestoration } from "./scroll-restoration";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

// Neither is needed for the first paint: each loads in its own chunk right after it.
const ToastContainer = lazy(async () => ({
  default: (await import("react-toastify")).ToastContainer,
}));
const AccessTokenSync = lazy(async () => ({
  default: (await import("./access-token-sync")).AccessTokenSync,
}));

/**
 * Header, footer and the toast area on every screen (toasts 5000 ms: docs/product.md, Constants;
 * bottom left and at most three, clear of the header and the action buttons: app.css). Live stock
 * wraps every screen: one subscription to stock changes for the whole app, whatever page is open.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <LiveStock>
      <ScrollRestoration />
      <div className="d-flex flex-column min-vh-100">
        <a href="#main" className="skip-link visually-hidden-focusable">
          Skip to content
        </a>
        <SiteHeader />
        {/* At least a screen tall: the footer starts below the first screen, so nothing moves
            it into view while a page's content arrives. */}
        <main id="main" className="flex-grow-1 min-vh-100" tabIndex={-1}>
          <RouteErrorBoundary pathname={pathname}>
            <Suspense fallback={<LoadingSpinner label="Loading the page…" />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <SiteFooter />
        <AfterFirstPaint>
          <OptionalPart>
            <Suspense fallback={null}>
              <ToastContainer position="top-right" autoClose={5000} limit={3} />
            </Suspense>
          </OptionalPart>
          <OptionalPart>
            <Suspense fallback={null}>
              <AccessTokenSync />
            </Suspense>
          </OptionalPart>
        </AfterFirstPaint>
      </div>
    </LiveStock>
  );
}
