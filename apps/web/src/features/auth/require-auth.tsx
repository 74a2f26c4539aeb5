import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingSpinner } from "../../components/loading-spinner";
import { paths } from "../../lib/paths";
import { useSession } from "../../lib/auth-client";
import type { ReturnState } from "./return-path";

/**
 * The route guard (docs/product.md, Screens): a spinner while the session loads, then the page,
 * or /login for a visitor, which remembers the page and names it ("Sign in to continue to
 * Dashboard"). The page itself is not rendered for a visitor, so none of its API calls leave.
 * `titleOf` names the screen at a path in words.
 */
export function RequireAuth({
  children,
  titleOf,
}: {
  /** The guarded screens: the route's children by default. */
  children?: ReactNode;
  titleOf?: (pathname: string) => string | undefined;
}) {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <LoadingSpinner label="Checking your session…" />;
  if (!data) {
    const state: ReturnState = { from: location, screen: titleOf?.(location.pathname) };
    return <Navigate to={paths.login} state={state} replace />;
  }
  return children ?? <Outlet />;
}
