import { useLocation } from "react-router";
import { paths } from "../../lib/paths";

/** What the route guard hands Login (require-auth.tsx), which passes it on to Register. */
export interface ReturnState {
  from?: { pathname: string; search?: string; hash?: string };
  /** The screen the guard turned the visitor away from, in words: "Dashboard". */
  screen?: string;
}

const returnState = (state: unknown) => (state ?? {}) as ReturnState;

/** Where to go after signing in: the page the guard turned the user away from, or Home. */
export function useReturnPath(): string {
  const { from } = returnState(useLocation().state);
  if (!from?.pathname || from.pathname === paths.login || from.pathname === paths.register) {
    return paths.home;
  }
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

/** The screen the route guard sent the visitor here from, in words, when it did. */
export function useReturnScreen(): string | undefined {
  const { from, screen } = returnState(useLocation().state);
  return from?.pathname ? screen : undefined;
}
