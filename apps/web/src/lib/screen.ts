import { API_BASE_PATH } from "@ultimate-bikes/contract/paths";
import type { ComponentType } from "react";

/** A route's parameters by name: `{ id }` for `/inventory/:id`. */
export type RouteParams = Record<string, string>;

/** Who a navigation link is for; the signed-in ones show once the session is known. */
export type NavAudience = "everyone" | "signed-in" | "stock-changers" | "people-managers";

/**
 * A menu of links in the navigation bar: "stock" is the warehouse staff's Stock menu, "admin" the
 * admins' Admin menu (People, Backups), so that an admin's bar still fits one line at 1280 px.
 */
export type NavGroup = "stock" | "admin";

/**
 * One screen, as its feature describes it beside its page (`<name>-screen.ts`): the route table,
 * the navigation and the build's first-visit hints all read it from there
 * (app/routes/screen-list.ts; docs/decisions/017-first-visit-hints.md). Part of the shell: a
 * descriptor imports only paths and URL builders, and its page lazily.
 */
export interface Screen {
  /** Its routes, from lib/paths: more than one when an older link reaches the same page. */
  paths: readonly string[];
  /** Only for signed-in people: the route guard stands in front (docs/product.md, Screens). */
  signedIn?: boolean;
  /** Its name in words, for a signed-in screen: Login says "Sign in to continue to {title}". */
  title?: string;
  /** The page, a chunk of its own, fetched when the screen is first visited (or just before). */
  page: () => Promise<ComponentType>;
  /**
   * The API reads the page sends first when opened with no query string, exactly as it sends
   * them (same URL builders), for the route's parameters. The build names them in the page's
   * HTML as preloads: a read listed that the page does not send costs a wasted download.
   */
  firstReads?: (params: RouteParams) => string[];
  /** Where the screen's largest picture comes from: the photo at `pointer` in one first read. */
  photo?: { read: (params: RouteParams) => string; pointer: string };
  /**
   * Its link in the navigation bar, in the list's order; a link of the "stock" group sits in the
   * bar's Stock menu, which stands where the group's first link would.
   */
  nav?: { label: string; for: NavAudience; group?: NavGroup };
}

/** A path under the API's base path as the page requests it: `/suppliers` → `/api/suppliers`. */
export const apiUrl = (path: string) => `${API_BASE_PATH}${path}`;
