import {
  FIRST_VISIT_HINTS_FILE,
  firstVisitHintsSchema,
  type ScreenHints,
} from "@ultimate-bikes/contract/first-visit-hints";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/*
 * A page opened directly names, in its HTML, what it will fetch: its screen's chunks and its
 * first API reads. The browser starts them beside the shell's own downloads instead of one round
 * trip after another (HTML, then the shell, then the screen's chunks, then its data): on a phone's
 * network that chain was most of the time before a screen showed (docs/performance.md, Front
 * end; docs/decisions/017-first-visit-hints.md).
 */

/** The hints of the build in `distDir`; none for a build without them (an older or a test one). */
export function readScreenHints(distDir: string): ScreenHints[] {
  const file = path.join(distDir, FIRST_VISIT_HINTS_FILE);
  if (!existsSync(file)) return [];
  return firstVisitHintsSchema.parse(JSON.parse(readFileSync(file, "utf8"))).screens;
}

const HEAD_END = "</head>";

/** An attribute value between double quotes: the hrefs are ours, but a query has `&`. */
const attribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/** `template` with each `:name` replaced by that route parameter, URL-encoded. */
const withParams = (template: string, params: Record<string, string>) =>
  template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));

/** The value at an RFC 6901 JSON pointer ("/items/0/photo"), or undefined. */
function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const token of pointer.split("/").slice(1)) {
    const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A photo URL fit to name in the page: http(s), as the contract lets photos be (absolute). */
function photoUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What one screen's page names, given the route's parameters (`:id`), whether it was opened
 * with a query string and whether the browser sent a session cookie: its chunks always; its first
 * reads and photo only for the default view, which is what they are, and for a signed-in screen
 * only to a browser that may be signed in (a visitor goes to Login before any of them).
 */
export function screenPage(shellHtml: string, screen: ScreenHints) {
  const at = shellHtml.indexOf(HEAD_END);
  if (at < 0) throw new Error("The web app's index.html has no </head>");
  const code = [
    ...screen.scripts.map(
      (href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`,
    ),
    ...screen.styles.map(
      (href) => `<link rel="preload" as="style" crossorigin href="${attribute(href)}">`,
    ),
  ].join("");
  const before = `${shellHtml.slice(0, at)}${code}`;
  const after = shellHtml.slice(at);
  return {
    /**
     * The API reads to name, and the one whose answer holds the photo; none with a query, and
     * none of a signed-in screen's without a session.
     */
    readsFor(params: Record<string, string>, hasQuery: boolean, hasSession: boolean) {
      if (hasQuery || (screen.signedIn && !hasSession)) return { reads: [], photoRead: undefined };
      return {
        reads: screen.reads.map((read) => withParams(read, params)),
        photoRead: screen.photo && withParams(screen.photo.read, params),
      };
    },
    /** The photo's URL in the answer to `photoRead`, if it has one. */
    photoIn: (answer: unknown) => screen.photo && photoUrl(valueAt(answer, screen.photo.pointer)),
    html(reads: string[], photo: string | undefined): string {
      const links = reads.map(
        (href) => `<link rel="preload" as="fetch" crossorigin href="${attribute(href)}">`,
      );
      if (photo) {
        links.push(
          `<link rel="preload" as="image" fetchpriority="high" href="${attribute(photo)}">`,
        );
      }
      return `${before}${links.join("")}${after}`;
    },
  };
}
