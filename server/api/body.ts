import type { Context } from "hono";
import type { AppEnv } from "../hono-env";

/** The request's fields, as JSON (our scripts) or a form post; anything else reads as no fields. */
export async function bodyOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    const parsed: unknown = await c.req.json().catch(() => null);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  }
  if (type.includes("form")) return (await c.req.parseBody()) as Record<string, unknown>;
  return {};
}
