import { useLocation } from "react-router";
import { paths } from "../../lib/paths";

interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where to go after signing in: the page the guard turned the user away from, or Home. */
export function useReturnPath(): string {
  const from = (useLocation().state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === paths.login || from.pathname === paths.register) {
    return paths.home;
  }
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}
