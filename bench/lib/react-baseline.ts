import { build, type Rollup } from "vite";

const entryId = "\0react-hello-world";

// The least a React app can ship: mount one element. It pulls in react, react-dom/client and
// the scheduler, which is the runtime every React page pays for.
const entryCode = `
import { createElement } from "react";
import { createRoot } from "react-dom/client";
createRoot(document.getElementById("root")).render(createElement("p", null, "Hello"));
`;

/**
 * Builds a React hello world in memory with the same Vite (bundler, minifier, production mode)
 * as the web app, and returns its JavaScript. React's published production files are not
 * minified, so measuring them directly would flatter the app.
 */
export async function buildReactHelloWorld(resolveFrom: string): Promise<Buffer[]> {
  const output = await build({
    configFile: false,
    logLevel: "silent",
    root: resolveFrom,
    plugins: [
      {
        name: "react-hello-world-entry",
        resolveId: (id) => (id === entryId ? id : null),
        load: (id) => (id === entryId ? entryCode : null),
      },
    ],
    build: { write: false, rollupOptions: { input: entryId } },
  });
  const results = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  return results
    .flatMap((result) => result.output)
    .filter((item): item is Rollup.OutputChunk => item.type === "chunk")
    .map((chunk) => Buffer.from(chunk.code));
}
