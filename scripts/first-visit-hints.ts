/**
 * Lists, for each lazily loaded screen, the chunks and stylesheets it needs beyond the shell's,
 * from the bundle as written, and writes them with the screen's first API reads to
 * FIRST_VISIT_HINTS_FILE, which the server reads to name them in a page's HTML
 * (docs/decisions/017-first-visit-hints.md). Run by the web build (apps/web/vite.config.ts).
 */
import {
  FIRST_VISIT_HINTS_FILE,
  type FirstVisitHints,
  type ScreenHints,
} from "@ultimate-bikes/contract/first-visit-hints";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { reachableFrom } from "./build-manifest.ts";

export interface ScreenSource {
  path: string;
  /** The screen's page module, its absolute path as the bundle names it. */
  module: string;
  firstReads?: string[];
  photo?: ScreenHints["photo"];
  signedIn?: boolean;
}

/** A route's parameters by name, as a screen's descriptor takes them. */
type RouteParams = Record<string, string>;

/** A screen as its descriptor describes it (apps/web/src/lib/screen.ts), as far as hints need. */
interface ScreenDescriptor {
  paths: readonly string[];
  page: () => Promise<unknown>;
  signedIn?: boolean;
  firstReads?: (params: RouteParams) => string[];
  photo?: { read: (params: RouteParams) => string; pointer: string };
}

const isScreen = (value: unknown): value is ScreenDescriptor =>
  typeof value === "object" &&
  value !== null &&
  Array.isArray((value as ScreenDescriptor).paths) &&
  typeof (value as ScreenDescriptor).page === "function";

/** A value for a route parameter that URL encoding leaves as it is, to find it again after. */
const paramMarker = (name: string) => `__route_param_${name}__`;

/**
 * URLs built for a route, each of its parameters as `:name` (what the server fills in), through
 * the same builders the page uses, which encode what they are given.
 */
export function urlTemplates(route: string, build: (params: RouteParams) => string[]): string[] {
  const names = [...route.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const urls = build(Object.fromEntries(names.map((name) => [name, paramMarker(name)])));
  return urls.map((url) =>
    names.reduce((template, name) => template.replaceAll(paramMarker(name), `:${name}`), url),
  );
}

/**
 * The screens of the descriptor modules (each with the page module it imports lazily), one per
 * route, their first reads and photo as URL templates. `load` runs a descriptor module.
 */
export async function readScreenDescriptors(
  descriptors: { id: string; page: string }[],
  load: (id: string) => Promise<Record<string, unknown>>,
): Promise<ScreenSource[]> {
  const sources: ScreenSource[] = [];
  for (const { id, page } of descriptors) {
    const screens = Object.values(await load(id)).filter(isScreen);
    if (screens.length !== 1) {
      throw new Error(`${id} exports ${screens.length} screens: a descriptor exports one`);
    }
    const [screen] = screens as [ScreenDescriptor];
    for (const route of screen.paths) {
      const { firstReads, photo, signedIn } = screen;
      sources.push({
        path: route,
        module: page,
        ...(signedIn && { signedIn }),
        firstReads: firstReads && urlTemplates(route, firstReads),
        ...(photo && {
          photo: {
            read: urlTemplates(route, (params) => [photo.read(params)])[0]!,
            pointer: photo.pointer,
          },
        }),
      });
    }
  }
  return sources;
}

/** One JavaScript chunk of the bundle, as far as the hints need it. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  /** The chunks it imports statically. */
  imports: string[];
  /** The stylesheets Vite loads with it. */
  styles: string[];
  /** Absolute paths of the modules bundled into it. */
  moduleIds: string[];
}

/** The chunk `start` and every chunk it imports statically, directly or not. */
const staticClosure = (chunks: Map<string, BuiltChunk>, start: BuiltChunk) =>
  reachableFrom(start, (chunk) => chunk.imports.map((file) => chunks.get(file)!));

export function writeFirstVisitHints(
  distDir: string,
  bundle: BuiltChunk[],
  screens: ScreenSource[],
): FirstVisitHints {
  const chunks = new Map(bundle.map((chunk) => [chunk.fileName, chunk]));
  const entry = bundle.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("The bundle has no entry chunk");
  const shell = new Set(staticClosure(chunks, entry));
  const shellStyles = new Set([...shell].flatMap((chunk) => chunk.styles));
  const asPath = (file: string) => `/${file}`;
  const hints: FirstVisitHints = {
    screens: screens.map((screen) => {
      const home = bundle.find((chunk) => chunk.moduleIds.includes(screen.module));
      if (!home) {
        throw new Error(
          `${screen.module} (the screen at ${screen.path}) is in no chunk of the build`,
        );
      }
      const own = staticClosure(chunks, home).filter((chunk) => !shell.has(chunk));
      return {
        path: screen.path,
        scripts: own.map((chunk) => asPath(chunk.fileName)),
        styles: [...new Set(own.flatMap((chunk) => chunk.styles))]
          .filter((file) => !shellStyles.has(file))
          .map(asPath),
        reads: screen.firstReads ?? [],
        ...(screen.photo ? { photo: screen.photo } : {}),
        ...(screen.signedIn ? { signedIn: true } : {}),
      };
    }),
  };
  writeFileSync(path.join(distDir, FIRST_VISIT_HINTS_FILE), `${JSON.stringify(hints, null, 2)}\n`);
  return hints;
}
