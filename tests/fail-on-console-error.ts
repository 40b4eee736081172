import { afterEach, beforeEach, vi } from "vitest";

// A console.error during a test is a defect the test did not assert on: fail the test.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    const first = errors[0]?.map((a) => (a instanceof Error ? a.stack : String(a))).join(" ");
    throw new Error(`console.error was called ${errors.length} time(s): ${first}`);
  }
});

/** For tests that expect an error to be logged: take the recorded calls and clear them. */
export function takeConsoleErrors(): unknown[][] {
  const taken = errors;
  errors = [];
  return taken;
}
