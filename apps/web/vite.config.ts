import react from "@vitejs/plugin-react";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { runnerImport, type Plugin, type Rolldown } from "vite";
import { defineConfig } from "vitest/config";
import {
  checkBundleBudget,
  describeBudget,
  OWN_CHUNK_MODULES,
  SCREENS_COMMON_CHUNK,
} from "../../scripts/bundle-budget.ts";
import {
  readScreenDescriptors,
  writeFirstVisitHints,
  type BuiltChunk,
} from "../../scripts/first-visit-hints.ts";

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** Text the browser fetches; source maps only reach developer tools, so they stay as they are. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
/** Below this, compression saves next to nothing (the server's own threshold). */
const MIN_BYTES = 1024;
/**
 * Screens' shared groups smaller than this (bytes, before minifying) join a neighbouring group.
 * Larger thresholds merged modules whose first run depends on order into an order that broke
 * Home (40,000: a module read another's export before it existed); every e2e test fails on such
 * a page error, which is what keeps this number honest (docs/decisions/017).
 */
const SCREEN_CHUNK_MERGE_BYTES = 10_000;

/** Brotli's best takes seconds on the password dictionaries (over 1 MiB): those get quality 9. */
const BEST_BROTLI_MAX_BYTES = 1024 * 1024;

/** A step run on the build's output folder once Vite has written it (`vite build` only). */
function afterBuild(
  name: string,
  step: (outDir: string, plugin: Rolldown.PluginContext) => void | Promise<void>,
): Plugin {
  let outDir = "";
  return {
    name: `ultimate-bikes:${name}`,
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      return step(outDir, this);
    },
  };
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, at their best
 * quality, which the server sends as they are (apps/server/src/plugins/web-app.ts): smaller than
 * what it could afford to compress on each request, and no work per request.
 */
const precompress = () =>
  afterBuild("precompress", async (outDir) => {
    // Not Vite's manifest (.vite/): the server never sends it.
    const files = (await readdir(outDir, { recursive: true })).filter(
      (file) => COMPRESSIBLE.test(file) && !file.startsWith("."),
    );
    await Promise.all(
      files.map(async (file) => {
        const content = await readFile(path.join(outDir, file));
        if (content.length < MIN_BYTES) return;
        const quality = content.length <= BEST_BROTLI_MAX_BYTES ? constants.BROTLI_MAX_QUALITY : 9;
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
  });

/** Fails the build when a chunk is over its budget (scripts/bundle-budget.ts). */
const bundleBudget = () =>
  afterBuild("bundle-budget", (outDir, plugin) => {
    const result = checkBundleBudget(outDir);
    if (result.over.length > 0) throw new Error(describeBudget(result));
    plugin.info(describeBudget(result));
  });

/** The screens' list (every lazy screen's descriptor), from the web app's root. */
const SCREEN_LIST = "src/app/routes/screen-list.ts";

/**
 * Lists each lazy screen's chunks and first API reads for the server, which names them in the
 * HTML of a page opened directly (scripts/first-visit-hints.ts). The screens come from their
 * descriptors, each found through the list's imports and run as the app runs it (Vite's module
 * runner); each descriptor's one lazy import is its page.
 */
function firstVisitHints(): Plugin {
  let root = "";
  let outDir = "";
  let chunks: BuiltChunk[] = [];
  /** Each descriptor module, with the page module it imports lazily. */
  let descriptors: { id: string; page: string }[] = [];
  return {
    name: "ultimate-bikes:first-visit-hints",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_, bundle) {
      const list = this.getModuleInfo(path.join(root, SCREEN_LIST));
      if (!list) throw new Error(`${SCREEN_LIST} is not in the build`);
      // The list imports descriptors only (its Screen type is erased).
      descriptors = list.importedIds.map((id) => {
        const imported = this.getModuleInfo(id)?.dynamicallyImportedIds ?? [];
        if (imported.length !== 1) {
          throw new Error(
            `${id} imports ${imported.length} modules lazily: a screen's descriptor imports its page`,
          );
        }
        return { id, page: imported[0]! };
      });
      chunks = Object.values(bundle).flatMap((output) =>
        output.type === "chunk"
          ? [
              {
                fileName: output.fileName,
                isEntry: output.isEntry,
                imports: output.imports,
                styles: [...(output.viteMetadata?.importedCss ?? [])],
                moduleIds: output.moduleIds,
              },
            ]
          : [],
      );
    },
    async closeBundle() {
      const screens = await readScreenDescriptors(descriptors, async (id) => {
        const { module } = await runnerImport<Record<string, unknown>>(id, {
          root,
          logLevel: "error",
        });
        return module;
      });
      writeFirstVisitHints(outDir, chunks, screens);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), bundleBudget(), firstVisitHints()],
  server: {
    // `npm run dev` in apps/web talks to the API server started with `npm run dev` at the root.
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
  build: {
    sourcemap: true,
    // The manifest lets the bundle budget and benchmark find what the home page loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // How the code is cut into files (docs/decisions/017): a page opened directly waits for
        // every file of its screen, and over HTTP/1.1 each file past the sixth costs a round trip.
        // So the shell is one file, what most screens use is one more, and the rest of what the
        // screens share is grouped by which screens use it, groups under SCREEN_CHUNK_MERGE_BYTES
        // merged into a neighbour: 2-5 files a screen. Modules with a budget of their own keep
        // their own chunks.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith("screens~")
            ? "assets/screens-[hash].js"
            : "assets/[name]-[hash].js",
        codeSplitting: {
          groups: [
            { name: "shell", tags: ["$initial"], priority: 20 },
            // What four screens or more use (the forms, the validator, the contract, the
            // tables) in one file: with 21 screens, grouping it by who uses it had grown a page
            // opened directly to 13-17 files (ADR 017, amended).
            {
              name: SCREENS_COMMON_CHUNK,
              test: (id: string) => !OWN_CHUNK_MODULES.test(id),
              minShareCount: 4,
              priority: 15,
            },
            {
              name: "screens",
              test: (id: string) => !OWN_CHUNK_MODULES.test(id),
              entriesAware: true,
              entriesAwareMergeThreshold: SCREEN_CHUNK_MERGE_BYTES,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    // One jsdom per worker, each file still run in a fresh context of its own (module mocks stay
    // per file): building jsdom for each of 40-odd files in a new process took most of the web
    // suite's time (Vitest's report: 42 jsdoms, 43% of the time tracked).
    pool: "vmThreads",
    // The root config's number (vitest.config.ts), which a pool of its own does not inherit:
    // Vitest runs projects side by side only when they agree on it.
    maxWorkers: 2,
    setupFiles: ["src/test/setup.ts"],
    css: false,
  },
});
