import { preloadScreenAt } from "./screens";

/**
 * The current page's chunk, requested as the app's code starts to run: main.tsx imports this
 * module first, so the download overlaps the evaluation of React rather than following it.
 */
export const firstScreenLoaded = preloadScreenAt(window.location.pathname);
