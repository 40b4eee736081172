import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit layer: pure domain rules in Node, the clock passed in; `~` is the app folder as in the build.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/fail-on-console-error.ts"],
  },
});
