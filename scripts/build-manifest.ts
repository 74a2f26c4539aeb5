/**
 * Vite's build manifest (`build.manifest`, written to `.vite/manifest.json` in the build), as far
 * as the bundle budget, the benchmarks and the first-visit hints read it.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  const manifestFile = path.join(distDir, ".vite/manifest.json");
  if (!existsSync(manifestFile)) {
    throw new Error(
      `${manifestFile} is missing: build the web app first (\`npm run build\`); ` +
        "apps/web/vite.config.ts must set build.manifest.",
    );
  }
  return JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
}

/** `start` and everything reachable from it through `next`, each once. */
export function reachableFrom<Node>(start: Node, next: (node: Node) => Node[]): Node[] {
  // A Set iterates over entries added during the loop, so this walks the whole graph.
  const reached = new Set([start]);
  for (const node of reached) for (const neighbour of next(node)) reached.add(neighbour);
  return [...reached];
}

/** The chunk at `key` and every chunk it imports statically, directly or not. */
export function staticGraph(manifest: Manifest, key: string): ManifestChunk[] {
  const start = manifest[key];
  if (!start) throw new Error(`The build's manifest has no ${key}`);
  return reachableFrom(start, (chunk) =>
    (chunk.imports ?? []).map((imported) => manifest[imported]!),
  );
}

/** The stylesheets of these chunks, each once. */
export const stylesOf = (chunks: ManifestChunk[]) => [
  ...new Set(chunks.flatMap((chunk) => chunk.css ?? [])),
];
