import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { parse } from "hono/utils/cookie";
import { NOTICE_DISMISSED_COOKIE, addDismissed } from "../../../server/domain/operator-notices";
import { dismissNotice } from "../../../server/services/operator-notices";

/**
 * POST /notices/{id}/dismiss: the person closed the notice's dialog; it is not shown again. Signed
 * in: remembered per account in D1 (every device); a visitor: in a cookie of this brand's host.
 */
/** Any other method than POST: a route with an action alone would make Remix log an error for a GET. */
export function loader({ context }: LoaderFunctionArgs) {
  return Response.json({ ok: false, error: context.app.t("notices:errors.method") }, { status: 405, headers: { allow: "POST" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { app } = context;
  const id = /^\d{1,12}$/.test(params.id ?? "") ? Number(params.id) : 0;
  if (request.method !== "POST") return Response.json({ ok: false, error: app.t("notices:errors.method") }, { status: 405 });
  if (!app.service || id < 1) return Response.json({ ok: false, error: app.t("notices:errors.notFound") }, { status: 404 });
  const found = await dismissNotice(app.db, { noticeId: id, serviceId: app.service.id, userId: app.user?.id ?? null, now: Date.now() });
  if (!found) return Response.json({ ok: false, error: app.t("notices:errors.notFound") }, { status: 404 });
  if (!app.user) {
    const cookies = parse(request.headers.get("Cookie") ?? "", NOTICE_DISMISSED_COOKIE);
    app.setCookie(NOTICE_DISMISSED_COOKIE, addDismissed(cookies[NOTICE_DISMISSED_COOKIE], id), {
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      secure: app.https,
      maxAge: 400 * 24 * 60 * 60,
    });
  }
  return Response.json({ ok: true });
}
