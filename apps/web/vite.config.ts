import react from "@vitejs/plugin-react";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { checkBundleBudget, describeBudget } from "../../scripts/bundle-budget.ts";

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** Text the browser fetches; source maps only reach developer tools, so they stay as they are. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
/** Below this, compression saves next to nothing (the server's own threshold). */
const MIN_BYTES = 1024;
/** Brotli's best takes seconds on the password dictionaries (over 1 MiB): those get quality 9. */
const BEST_BROTLI_MAX_BYTES = 1024 * 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, at their best
 * quality, which the server sends as they are (apps/server/src/plugins/web-app.ts): smaller than
 * what it could afford to compress on each request, and no work per request.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "ultimate-bikes:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Not Vite's manifest (.vite/): the server never sends it.
      const files = (await readdir(outDir, { recursive: true })).filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith("."),
      );
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(path.join(outDir, file));
          if (content.length < MIN_BYTES) return;
          const quality =
            content.length <= BEST_BROTLI_MAX_BYTES ? constants.BROTLI_MAX_QUALITY : 9;
          const [brotli, gzipped] = await Promise.all([
            compressBrotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: quality,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            compressGzip(content, { level: 9 }),
          ]);
          await writeFile(path.join(outDir, `${file}.br`), brotli);
          await writeFile(path.join(outDir, `${file}.gz`), gzipped);
        }),
      );
    },
  };
}

/** Fails the build when a chunk is over its budget (scripts/bundle-budget.ts). */
function bundleBudget(): Plugin {
  let outDir = "";
  return {
    name: "ultimate-bikes:bundle-budget",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const result = checkBundleBudget(outDir);
      if (result.over.length > 0) throw new Error(describeBudget(result));
      this.info(describeBudget(result));
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), bundleBudget()],
  server: {
    // `npm run dev` in apps/web talks to the API server started with `npm run dev` at the root.
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
  build: {
    sourcemap: true,
    // The manifest lets the bundle budget and benchmark find what the home page loads.
    manifest: true,
  },
  test: {
    name: "web",
    environment: "jsdom",
    setupFiles: ["src/test/setup.ts"],
    css: false,
  },
});
