import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Integration layer: the real Worker inside workerd with D1 (migrations applied), R2, the queue
// and the Durable Object from wrangler.toml. Needs `npm run build` first (the Remix server build).
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.resolve("migrations"));
  return {
    plugins: [
      cloudflareTest({
        main: "./server/worker.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
      }),
    ],
    resolve: {
      alias: { "virtual:remix/server-build": path.resolve("build/server/index.js") },
    },
    test: {
      include: ["tests/workers/**/*.test.ts"],
      // A request through the whole Worker takes tens of milliseconds alone, and seconds on a
      // 2-core machine busy with a build beside it; 5 s (vitest's default) then fails for load.
      testTimeout: 15_000,
      setupFiles: ["./tests/workers/setup.ts", "./tests/fail-on-console-error.ts"],
      deps: {
        optimizer: {
          ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] },
        },
      },
    },
  };
});
