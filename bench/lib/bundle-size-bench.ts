import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { repoRoot, webDistDir } from "../support/paths.ts";
import { findHomePageAssets } from "./home-page-assets.ts";
import { buildReactHelloWorld } from "./react-baseline.ts";

export interface BundleSizes {
  homeScripts: string[];
  homeStyles: string[];
  lazyScripts: string[];
  homeScriptsGzip: number;
  homeStylesGzip: number;
  reactBaselineGzip: number;
  bootstrapCssGzip: number;
}

// Each file is compressed on its own, the way a server sends it.
const gzipBytes = (content: Buffer) => gzipSync(content, { level: 9 }).length;
const gzipFiles = (files: string[]) =>
  files.reduce((total, file) => total + gzipBytes(readFileSync(file)), 0);

/** Measures the built web app (it builds nothing of the app itself) and its baselines. */
export async function measureBundleSizes(): Promise<BundleSizes> {
  const assets = findHomePageAssets(webDistDir);
  const reactHelloWorld = await buildReactHelloWorld(repoRoot);
  // The stylesheet the web app builds on, resolved the way the web app resolves it.
  const bootstrapCss = createRequire(path.join(repoRoot, "apps/web/package.json")).resolve(
    "bootstrap/dist/css/bootstrap.min.css",
  );
  return {
    homeScripts: assets.scripts,
    homeStyles: assets.styles,
    lazyScripts: assets.lazyScripts,
    homeScriptsGzip: gzipFiles(assets.scripts),
    homeStylesGzip: gzipFiles(assets.styles),
    reactBaselineGzip: reactHelloWorld.reduce((total, code) => total + gzipBytes(code), 0),
    bootstrapCssGzip: gzipFiles([bootstrapCss]),
  };
}
