import { defineConfig } from "vitest/config";

// Unit layer: pure domain rules in Node, the clock passed in.
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/fail-on-console-error.ts"],
  },
});
