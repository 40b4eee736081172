import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { remixOptions } from "./remix.config";

export default defineConfig(({ command }) => ({
  plugins: [
    // The dev proxy only serves `remix vite:dev`; builds run under wrangler with real bindings.
    ...(command === "serve" ? [cloudflareDevProxyVitePlugin()] : []),
    remix(remixOptions),
    tsconfigPaths(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  build: {
    // Budget for first-load JS is checked by bench/; keep chunks honest.
    chunkSizeWarningLimit: 200,
    minify: "terser",
  },
}));
