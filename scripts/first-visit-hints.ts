/**
 * Lists, for each lazily loaded screen, the chunks and stylesheets it needs beyond the shell's,
 * from Vite's manifest, and writes them with the screen's first API reads to
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
import { readManifest, staticGraph, stylesOf } from "./build-manifest.ts";

export interface ScreenSource {
  path: string;
  /** The screen's module as the manifest names it, e.g. "src/features/auth/login-page.tsx". */
  module: string;
  firstReads?: string[];
  photo?: ScreenHints["photo"];
}

export function writeFirstVisitHints(distDir: string, screens: ScreenSource[]): FirstVisitHints {
  const manifest = readManifest(distDir);
  const shell = new Set(staticGraph(manifest, "index.html"));
  const asPath = (file: string) => `/${file}`;
  const hints: FirstVisitHints = {
    screens: screens.map((screen) => {
      if (!manifest[screen.module]) {
        throw new Error(
          `${screen.module} (the screen at ${screen.path}) is not a chunk of the build: ` +
            "is it still in apps/web/src/app/routes/screen-modules.ts under that name?",
        );
      }
      const own = staticGraph(manifest, screen.module).filter((chunk) => !shell.has(chunk));
      const shellStyles = new Set(stylesOf([...shell]));
      return {
        path: screen.path,
        scripts: own.map((chunk) => asPath(chunk.file)),
        styles: stylesOf(own)
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
