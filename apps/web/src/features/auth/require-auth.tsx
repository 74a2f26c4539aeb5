import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { LoadingSpinner } from "../../components/loading-spinner";
import { paths } from "../../lib/paths";
import { useSession } from "../../lib/auth-client";

/** The spec's route guard: spinner while the session loads, else the page or /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <LoadingSpinner label="Checking your session…" />;
  if (!data) return <Navigate to={paths.login} state={{ from: location }} replace />;
  return children;
}
