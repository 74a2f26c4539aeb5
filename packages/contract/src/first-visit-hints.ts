import { z } from "zod";

/*
 * What the web build tells the server about each lazily loaded screen (apps/web/vite.config.ts
 * writes it, apps/server/src/plugins/first-visit-hints.ts reads it), so that the HTML of a page
 * opened directly names what that page will fetch: the browser starts those downloads beside the
 * shell's instead of after it (docs/decisions/017-first-visit-hints.md).
 */

/** Where in the build the hints are written, beside Vite's manifest (never sent to visitors). */
export const FIRST_VISIT_HINTS_FILE = ".vite/first-visit-hints.json";

const assetPath = z.string().regex(/^\/assets\/[\w.-]+\.(js|css)$/);

export const screenHintsSchema = z.object({
  /** The client route, e.g. "/inventory/:id". */
  path: z.string().startsWith("/"),
  /** The screen's chunks that the shell does not load already. */
  scripts: z.array(assetPath),
  styles: z.array(assetPath),
  /** API reads the screen sends first, `:id` standing for the route's parameter. */
  reads: z.array(z.string().startsWith("/api/")),
  /**
   * Only for signed-in people (behind the route guard): its reads are named only to a browser
   * that sends a session cookie; a visitor is sent to Login before the page asks anything, so
   * naming them would only fetch refusals (401).
   */
  signedIn: z.boolean().optional(),
  /**
   * Where the screen's largest picture (its LCP on a phone) comes from: the photo URL at this
   * JSON pointer (RFC 6901) in the answer to one of `reads`. The server reads it and names the
   * photo in the HTML, so it is not one more round trip after the screen shows.
   */
  photo: z
    .object({ read: z.string().startsWith("/api/"), pointer: z.string().startsWith("/") })
    .optional(),
});
export type ScreenHints = z.infer<typeof screenHintsSchema>;

export const firstVisitHintsSchema = z.object({ screens: z.array(screenHintsSchema) });
export type FirstVisitHints = z.infer<typeof firstVisitHintsSchema>;
