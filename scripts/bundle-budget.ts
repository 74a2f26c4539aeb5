/**
 * The web app's size budget (issue 12): what Home loads before any interaction, and every chunk
 * of the build, gzipped at level 9 each on its own, against fixed limits. The web build checks it
 * (apps/web/vite.config.ts) and so does `npm test` (scripts/check-bundle-budget.ts); the bundle
 * benchmark reads Home's files the same way (bench/lib/bundle-size-bench.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { readManifest, staticGraph, stylesOf } from "./build-manifest.ts";

const KiB = 1024;

/** Home's JavaScript before interaction: the entry chunk and everything it imports statically. */
export const HOME_BUDGET = 110 * KiB;

/** Any chunk Home does not load up front, unless one of the budgets below names it. */
export const CHUNK_BUDGET = 30 * KiB;

/**
 * The chunk of what four screens or more use (apps/web/vite.config.ts, ADR 017): one file in
 * place of 10-14 small ones on every page opened directly, so it may be larger than the others.
 */
export const SCREENS_COMMON_CHUNK = "screens~common";
export const SCREENS_COMMON_BUDGET = 65 * KiB;

/**
 * Chunks allowed more than CHUNK_BUDGET, by the module they are built from (Vite's manifest
 * `src`). Each is fetched only where it is used.
 */
export const NAMED_CHUNK_BUDGETS: { src: string; budget: number }[] = [
  // Leaflet, loaded when the map's section nears the screen or the page is idle.
  { src: "src/features/landing/warehouse-map.tsx", budget: 55 * KiB },
  // Chart.js, with the dashboard's charts, on the dashboard only.
  { src: "src/features/dashboard/dashboard-charts.tsx", budget: 70 * KiB },
  // The QR decoder, on the scan page only, where the browser has no BarcodeDetector.
  { src: "../../node_modules/jsqr/dist/jsQR.js", budget: 50 * KiB },
  // The password strength check and its dictionaries, on Register and Reset password only.
  { src: "../../node_modules/@zxcvbn-ts/core/dist/index.mjs", budget: 15 * KiB },
  { src: "../../node_modules/@zxcvbn-ts/language-common/dist/index.mjs", budget: 230 * KiB },
  { src: "../../node_modules/@zxcvbn-ts/language-en/dist/index.mjs", budget: 620 * KiB },
];

/**
 * The modules of those chunks: the build keeps them out of its screen groups
 * (apps/web/vite.config.ts), so each stays a chunk of its own that loads only where it is used.
 */
export const OWN_CHUNK_MODULES =
  /[\\/](leaflet|react-leaflet|@react-leaflet|@zxcvbn-ts|chart\.js|@kurkle|jsqr)[\\/]|(warehouse-map|dashboard-charts)\.tsx$/;

export const gzipSize = (content: Buffer) => gzipSync(content, { level: 9 }).length;

/**
 * What index.html makes the browser load up front, from Vite's build manifest: its entry chunk,
 * every chunk it imports statically (Vite preloads those) and their stylesheets. Chunks only
 * imported dynamically (the warehouse map, lazy route pages) are left out on purpose.
 */
export function homePageAssets(distDir: string) {
  const manifest = readManifest(distDir);
  if (!manifest["index.html"]?.isEntry)
    throw new Error(`${distDir}'s manifest has no index.html entry`);
  const loaded = staticGraph(manifest, "index.html");
  const homeScripts = loaded.map((chunk) => chunk.file);
  return {
    homeScripts,
    homeStyles: stylesOf(loaded),
    lazyScripts: Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith(".js") && !homeScripts.includes(file)),
  };
}

export interface BudgetCheck {
  /** What is measured: "Home before interaction", or a chunk's file and the module it is from. */
  subject: string;
  size: number;
  budget: number;
}

/** Every check of the build in `distDir`, Home's first; `over` lists those past their budget. */
export function checkBundleBudget(distDir: string): { checks: BudgetCheck[]; over: BudgetCheck[] } {
  const manifest = readManifest(distDir);
  const sizeOf = (file: string) => gzipSize(readFileSync(path.join(distDir, file)));
  const { homeScripts } = homePageAssets(distDir);
  const checks: BudgetCheck[] = [
    {
      subject: `Home before interaction (${homeScripts.length} files)`,
      size: homeScripts.reduce((total, file) => total + sizeOf(file), 0),
      budget: HOME_BUDGET,
    },
  ];
  for (const chunk of Object.values(manifest)) {
    // Home's own chunks count together, above.
    if (!chunk.file.endsWith(".js") || homeScripts.includes(chunk.file)) continue;
    const named = NAMED_CHUNK_BUDGETS.find((budget) => budget.src === chunk.src);
    checks.push({
      subject: `${chunk.file} (${chunk.src ?? chunk.name ?? "shared"})`,
      size: sizeOf(chunk.file),
      budget:
        named?.budget ??
        (chunk.name === SCREENS_COMMON_CHUNK ? SCREENS_COMMON_BUDGET : CHUNK_BUDGET),
    });
  }
  return { checks, over: checks.filter((check) => check.size > check.budget) };
}

const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;

/** One line per chunk past its budget, or a one-line summary when all are within. */
export function describeBudget({ checks, over }: ReturnType<typeof checkBundleBudget>): string {
  if (over.length > 0) {
    return [
      "Bundle budget exceeded (gzip -9; budgets in scripts/bundle-budget.ts):",
      ...over.map(
        (check) =>
          `  ${check.subject}: ${kib(check.size)}, over its budget of ${kib(check.budget)}`,
      ),
    ].join("\n");
  }
  const [home, ...chunks] = checks;
  const closest = chunks.reduce((a, b) => (b.size / b.budget > a.size / a.budget ? b : a));
  return (
    `Bundle budget: ${home!.subject} ${kib(home!.size)} of ${kib(home!.budget)}; ` +
    `${chunks.length} chunks within theirs, the closest ${closest.subject} at ` +
    `${kib(closest.size)} of ${kib(closest.budget)} (gzip -9).`
  );
}
