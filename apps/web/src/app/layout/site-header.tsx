import { lazy, Suspense, useState } from "react";
import { Link, NavLink } from "react-router";
import { paths } from "../../lib/paths";
import { AfterFirstPaint } from "../../lib/use-after-first-paint";
import { BRAND } from "../../lib/use-page-title";

// Who is signed in decides these links; their code (roles, the API client) loads after the first
// paint, alongside the question it waits for anyway.
const SessionNav = lazy(async () => ({
  default: (await import("../../features/auth/session-nav")).SessionNav,
}));

/**
 * The navigation bar in Bootstrap's own markup: react-bootstrap's Navbar would bring its offcanvas
 * and modal code into every first paint for a menu that only opens and closes.
 */
export function SiteHeader() {
  const [expanded, setExpanded] = useState(false);
  return (
    <header>
      <nav className="navbar navbar-expand-lg bg-dark" data-bs-theme="dark" aria-label="Main">
        <div className="container">
          <Link to={paths.home} className="navbar-brand fw-bold">
            <img src="/favicon.svg" alt="" width={32} height={32} className="me-2" />
            {BRAND}
          </Link>
          <button
            type="button"
            className={expanded ? "navbar-toggler" : "navbar-toggler collapsed"}
            aria-controls="main-navigation"
            aria-label="Toggle navigation"
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div
            id="main-navigation"
            className={expanded ? "navbar-collapse collapse show" : "navbar-collapse collapse"}
            // Any link or button in the menu (Logout included) closes it on a phone.
            onClick={(event) => {
              if ((event.target as HTMLElement).closest("a, button")) setExpanded(false);
            }}
          >
            <div className="navbar-nav ms-auto">
              <NavLink to={paths.home} end className="nav-link">
                Home
              </NavLink>
              <NavLink to={paths.inventory} end className="nav-link">
                Inventory
              </NavLink>
              <NavLink to={paths.blog} className="nav-link">
                Blogs
              </NavLink>
              <AfterFirstPaint>
                <Suspense fallback={null}>
                  <SessionNav />
                </Suspense>
              </AfterFirstPaint>
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
