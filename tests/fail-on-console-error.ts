import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

// A console.error during a test is a defect the test did not assert on: fail the test.
let errors: unknown[][] = [];
let spy: MockInstance<typeof console.error> | undefined;
beforeEach(() => {
  errors = [];
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  spy?.mockRestore();
  if (errors.length > 0) {
    const first = errors[0]?.map((a) => (a instanceof Error ? a.stack : String(a))).join(" ");
    throw new Error(`console.error was called ${errors.length} time(s): ${first}`);
  }
});
