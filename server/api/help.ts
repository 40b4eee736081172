import { Hono } from "hono";
import type { AppEnv } from "../hono-env";
import { inquirySchema } from "../domain/inquiry";
import { createInquiry } from "../services/inquiries";
import { ApiError, ok } from "./envelope";
import { bodyOf } from "./body";

export const helpApi = new Hono<AppEnv>();

/** POST /api/v1/help/inquiry: the same rule as the /help/inquiry form. */
helpApi.post("/inquiry", async (c) => {
  const app = c.get("app");
  const body = await bodyOf(c);
  const parsed = inquirySchema(app.t).safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      400,
      app.t("api.invalid"),
      parsed.error.issues.map((i) => ({ message: i.message, target: i.path.join(".") || "base" })),
    );
  }
  const { id } = await createInquiry(app.db, parsed.data, {
    serviceId: app.service?.id ?? null,
    locale: app.locale,
    now: new Date(),
  });
  return ok(c, { inquiryId: id }, 201);
});
