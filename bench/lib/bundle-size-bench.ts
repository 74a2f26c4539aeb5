import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build, type Rollup } from "vite";
import { gzipSize, homePageAssets } from "../../scripts/bundle-budget.ts";
import { repoRoot } from "../support/paths.ts";
import { SetupError } from "./options.ts";

export interface BundleSizes {
  /** Files as the build names them, relative to its folder. */
  homeScripts: string[];
  homeStyles: string[];
  lazyScripts: string[];
  homeScriptsGzip: number;
  homeStylesGzip: number;
  reactBaselineGzip: number;
  bootstrapCssGzip: number;
}

// Each file is compressed on its own, the way a server sends it.
const gzipFiles = (files: string[]) =>
  files.reduce((total, file) => total + gzipSize(readFileSync(file)), 0);

/** Measures the built web app in `distDir` (it builds nothing of the app itself) and baselines. */
export async function measureBundleSizes(distDir: string): Promise<BundleSizes> {
  if (!existsSync(path.join(distDir, ".vite/manifest.json"))) {
    throw new SetupError(
      `${distDir} has no build manifest: run \`npm run build\` at the repository root first ` +
        "(apps/web/vite.config.ts must set build.manifest).",
    );
  }
  // What index.html loads up front: scripts/bundle-budget.ts, which the budget check uses too.
  const assets = homePageAssets(distDir);
  const inDist = (files: string[]) => files.map((file) => path.join(distDir, file));
  const reactHelloWorld = await buildReactHelloWorld();
  // The stylesheet the web app builds on, resolved the way the web app resolves it.
  const bootstrapCss = createRequire(path.join(repoRoot, "apps/web/package.json")).resolve(
    "bootstrap/dist/css/bootstrap.min.css",
  );
  return {
    ...assets,
    homeScriptsGzip: gzipFiles(inDist(assets.homeScripts)),
    homeStylesGzip: gzipFiles(inDist(assets.homeStyles)),
    reactBaselineGzip: reactHelloWorld.reduce((total, code) => total + gzipSize(code), 0),
    bootstrapCssGzip: gzipFiles([bootstrapCss]),
  };
}

const helloWorldId = "\0react-hello-world";
// The least a React app can ship: mount one element. It pulls in react, react-dom/client and
// the scheduler, which is the runtime every React page pays for.
const helloWorldCode = `
import { createElement } from "react";
import { createRoot } from "react-dom/client";
createRoot(document.getElementById("root")).render(createElement("p", null, "Hello"));
`;

/**
 * Builds a React hello world in memory with the same Vite (bundler, minifier, production mode)
 * as the web app, and returns its JavaScript. React's published production files are not
 * minified, so measuring them directly would flatter the app.
 */
async function buildReactHelloWorld(): Promise<Buffer[]> {
  const output = await build({
    configFile: false,
    logLevel: "silent",
    root: repoRoot,
    plugins: [
      {
        name: "react-hello-world-entry",
        resolveId: (id) => (id === helloWorldId ? id : null),
        load: (id) => (id === helloWorldId ? helloWorldCode : null),
      },
    ],
    build: { write: false, rollupOptions: { input: helloWorldId } },
  });
  const results = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  return results
    .flatMap((result) => result.output)
    .filter((item): item is Rollup.OutputChunk => item.type === "chunk")
    .map((chunk) => Buffer.from(chunk.code));
}
