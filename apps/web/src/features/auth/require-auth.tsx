import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { LoadingSpinner } from "../../components/loading-spinner";
import { paths } from "../../lib/paths";
import { useSession } from "../../lib/auth-client";

/**
 * The route guard (docs/product.md, Screens): a spinner while the session loads, then the page,
 * or /login for a visitor.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <LoadingSpinner label="Checking your session…" />;
  if (!data) return <Navigate to={paths.login} state={{ from: location }} replace />;
  return children;
}
