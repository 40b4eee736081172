import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { remixOptions } from "./remix.config";

const SHELL =
  /[\\/]app[\\/](components[\\/](layout|feedback|errors)[\\/]|components[\\/]sized-image\.|lib[\\/](i18n|i18n-fetch-backend|nonce|root-data|links|chunk-reload)\.)|[\\/]server[\\/]i18n[\\/]setup\.|vite[\\/]preload-helper/;
// SizedImage (app/components/sized-image.tsx) is shared by cards, the fan club page, post cards and
// the live page: alone it was one more chunk on each of them (about 0.2 KB gzip), in the shell a
// few dozen bytes.
// The sidebar's signed-in parts, which it loads lazily so that visitors never download them: in
// the shell, their code would reach every visitor's first page after all.
const SIGNED_IN_ONLY = /[\\/]app[\\/]components[\\/]layout[\\/](sidebar-joined|creator-section)\./;
// Neither rule names a route: pages (app/routes/<domain>/, see app/routes.ts) and the pieces in
// their route folders stay in per-page chunks, so a page's code reaches only visitors of that page.

// The browser runs Preact's React compatibility layer instead of react-dom: about 30 kB gzip less
// on every first visit, which is what brings the public pages under the 100 kB budget (decision
// 043). Only the client build is aliased: the server keeps React's renderer for SSR and streaming,
// and `remix vite:dev` keeps React on both sides (its client and server share one module graph).
// Exact-name patterns, so that `react-easy-crop` or `react-i18next` are not rewritten.
const PREACT_IN_THE_BROWSER = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: { alias: command === "build" && !isSsrBuild ? PREACT_IN_THE_BROWSER : [] },
  // app/entry.client.tsx hydrates the document differently under Preact.
  define: { __PREACT_IN_THE_BROWSER__: JSON.stringify(command === "build" && !isSsrBuild) },
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
    // Budget for first-load JS is checked by bench/. The one chunk above 300 kB is RealtimeKit's
    // SDK (655 kB), fetched only by a live page when that video provider is configured; the limit
    // sits just above it so that any other chunk that grows this large still warns.
    chunkSizeWarningLimit: 700,
    // Evergreen browsers only: class fields and the like stay native instead of helper code.
    target: "es2022",
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, ecma: 2020 },
    rollupOptions: {
      // A resource or redirect route (a loader or action and no component) has no browser code by
      // design, so its client chunk is empty; Rollup would say so for each one on every build.
      onwarn(warning, warn) {
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
      output: {
        // The server build is bundled again by wrangler (esbuild). Rollup's hoisted bare imports
        // of other chunks and packages (`import "react-dom"`) mean nothing there, and esbuild warns
        // about each one of a package marked side-effect free: about a hundred warnings per build.
        hoistTransitiveImports: !isSsrBuild,
        // React, the router, Remix's runtime and i18next load on every page anyway: one chunk
        // compresses better than the pieces Rollup would otherwise cut them into as routes multiply.
        manualChunks(id: string) {
          if (
            /[\\/]node_modules[\\/](preact|react|react-dom|scheduler|react-router|react-router-dom|@remix-run[\\/](react|router|server-runtime)|turbo-stream|i18next|react-i18next|remix-i18next)[\\/]/.test(
              id,
            )
          )
            return "framework";
          // The shell every page loads with the root (layout, feedback, translator, error pages): as
          // a dozen chunks of a few hundred bytes each they cost more gzip than as one.
          if (SHELL.test(id) && !SIGNED_IN_ONLY.test(id)) return "shell";
        },
      },
    },
  },
}));
