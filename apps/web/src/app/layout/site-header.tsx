import { lazy, Suspense, useState } from "react";
import { Link, NavLink } from "react-router";
import { OptionalPart } from "../../components/optional-part";
import { paths } from "../../lib/paths";
import { AfterFirstPaint } from "../../lib/use-after-first-paint";
import type { NavAudience } from "../../lib/screen";
import { BRAND } from "../../lib/use-page-title";
import { screens } from "../routes/screen-list";

// Who is signed in decides these links; their code (roles, the API client) loads after the first
// paint, alongside the question it waits for anyway.
const SessionNav = lazy(async () => ({
  default: (await import("../../features/auth/session-nav")).SessionNav,
}));

/** The screens' links, in the list's order (routes/screen-list.ts), each for whom it is meant. */
const links = screens.flatMap(({ paths, nav }) =>
  nav ? [{ to: paths[0]!, label: nav.label, audience: nav.for, group: nav.group }] : [],
);
const everyonesLinks = links.filter((link) => link.audience === "everyone");
const signedInLinks = links.filter(
  (link): link is typeof link & { audience: Exclude<NavAudience, "everyone"> } =>
    link.audience !== "everyone",
);

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
            // Any link or button in the menu (Logout included) closes it on a phone; the button
            // that opens the Stock menu opens that list inside it instead.
            onClick={(event) => {
              const chosen = (event.target as HTMLElement).closest("a, button");
              if (chosen && !chosen.matches(".dropdown-toggle")) setExpanded(false);
            }}
          >
            <div className="navbar-nav ms-auto">
              <NavLink to={paths.home} end className="nav-link">
                Home
              </NavLink>
              {everyonesLinks.map(({ to, label }) => (
                <NavLink key={to} to={to} end className="nav-link">
                  {label}
                </NavLink>
              ))}
              <AfterFirstPaint>
                <OptionalPart>
                  <Suspense fallback={null}>
                    <SessionNav links={signedInLinks} />
                  </Suspense>
                </OptionalPart>
              </AfterFirstPaint>
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
