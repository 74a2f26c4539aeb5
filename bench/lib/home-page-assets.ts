import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { SetupError } from "../support/cli.ts";

export interface HomePageAssets {
  /** JavaScript the browser fetches before any interaction, as absolute paths. */
  scripts: string[];
  /** Stylesheets index.html links. */
  styles: string[];
  /** Other JavaScript in the build: chunks only loaded on demand (the map, for one). */
  lazyScripts: string[];
}

/**
 * What index.html makes the browser load up front: its module script, the modules it preloads
 * and anything those import statically. Dynamically imported chunks are left out on purpose.
 */
export function findHomePageAssets(distDir: string): HomePageAssets {
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) {
    throw new SetupError(
      `${indexFile} is missing: run \`npm run build\` at the repository root first.`,
    );
  }
  const scripts = new Set<string>();
  const styles: string[] = [];
  for (const { name, attributes } of htmlTags(readFileSync(indexFile, "utf8"))) {
    const rel = (attributes.get("rel") ?? "").split(/\s+/);
    if (name === "script" && attributes.get("type") === "module" && attributes.has("src")) {
      scripts.add(builtFile(distDir, distDir, attributes.get("src") ?? ""));
    } else if (name === "link" && rel.includes("modulepreload")) {
      scripts.add(builtFile(distDir, distDir, attributes.get("href") ?? ""));
    } else if (name === "link" && rel.includes("stylesheet")) {
      styles.push(builtFile(distDir, distDir, attributes.get("href") ?? ""));
    }
  }
  if (scripts.size === 0) throw new Error(`${indexFile} loads no module script`);

  // A Set iterates over entries added during the loop, so this walks the whole import graph.
  for (const script of scripts) {
    for (const imported of staticImports(readFileSync(script, "utf8"))) {
      const file = builtFile(distDir, path.dirname(script), imported);
      if (existsSync(file)) scripts.add(file);
    }
  }
  const allScripts = readdirSync(distDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => path.join(distDir, file));
  return {
    scripts: [...scripts],
    styles,
    lazyScripts: allScripts.filter((file) => !scripts.has(file)),
  };
}

interface HtmlTag {
  name: string;
  attributes: Map<string, string>;
}

function htmlTags(html: string): HtmlTag[] {
  return [...html.matchAll(/<(script|link)\b([^>]*)>/gi)].map(
    ([, name = "", attributeText = ""]) => {
      const attributes = new Map<string, string>();
      for (const [, key = "", doubleQuoted, singleQuoted, bare] of attributeText.matchAll(
        /([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
      )) {
        attributes.set(key.toLowerCase(), doubleQuoted ?? singleQuoted ?? bare ?? "");
      }
      return { name: name.toLowerCase(), attributes };
    },
  );
}

/**
 * Relative specifiers of static `import ... from "./x.js"` and `export ... from` statements in
 * minified ES modules. `import("./x.js")` (lazy) does not match: a parenthesis follows `import`.
 */
function staticImports(code: string): string[] {
  const statement =
    /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$\s{},*]*?\bfrom\s*)?(["'])(\.{1,2}\/[^"'\n]+?)\1/g;
  return [...code.matchAll(statement)].map(([, , specifier = ""]) => specifier);
}

/** Maps a URL from the built HTML or JavaScript to the file in the build folder. */
function builtFile(distDir: string, fromDir: string, url: string): string {
  if (/^[a-z]+:|^\/\//i.test(url)) throw new Error(`the home page loads ${url} from elsewhere`);
  const pathname = url.split(/[?#]/)[0] ?? "";
  return pathname.startsWith("/") ? path.join(distDir, pathname) : path.resolve(fromDir, pathname);
}
