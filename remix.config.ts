import type { VitePluginConfig } from "@remix-run/dev";

/** Remix plugin options; vite.config.ts imports them. Every v3 flag is on so React Router 7 is a codemod away. */
export const remixOptions = {
  appDirectory: "app",
  buildDirectory: "build",
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: true,
  },
} satisfies VitePluginConfig;
