import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** spec §7: every response is `{ success, payload }`; errors carry payload.message and payload.errors. */
export interface ErrorItem {
  message: string;
  target?: string;
}

export function ok<T>(c: Context, payload: T, status: ContentfulStatusCode = 200) {
  return c.json({ success: true as const, payload }, status);
}

export function fail(c: Context, status: ContentfulStatusCode, message: string, errors: ErrorItem[] = []) {
  return c.json({ success: false as const, payload: { message, errors } }, status);
}

/** An expected failure with a user-facing (already localized) message. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors: ErrorItem[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}
