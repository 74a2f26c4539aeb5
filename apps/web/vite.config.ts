import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev` in apps/web talks to the API server started with `npm run dev` at the root.
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
  // The manifest lets the bundle benchmark find what the home page loads (bench/lib/bundle-size-bench.ts).
  build: { sourcemap: true, manifest: true },
  test: {
    name: "web",
    environment: "jsdom",
    setupFiles: ["src/test/setup.ts"],
    css: false,
  },
});
