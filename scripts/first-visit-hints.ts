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
  /** The screen's module from the web app's root, e.g. "src/features/auth/login-page.tsx". */
  module: string;
  firstReads?: string[];
  photo?: ScreenHints["photo"];
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
  root: string,
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
      const moduleId = path.join(root, screen.module);
      const home = bundle.find((chunk) => chunk.moduleIds.includes(moduleId));
      if (!home) {
        throw new Error(
          `${screen.module} (the screen at ${screen.path}) is in no chunk of the build: ` +
            "is it still in apps/web/src/app/routes/screen-modules.ts under that name?",
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
      };
    }),
  };
  writeFileSync(path.join(distDir, FIRST_VISIT_HINTS_FILE), `${JSON.stringify(hints, null, 2)}\n`);
  return hints;
}
