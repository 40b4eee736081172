import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { parse } from "hono/utils/cookie";
import { NOTICE_DISMISSED_COOKIE, parseDismissedCookie } from "../../../server/domain/operator-notices";
import { currentNoticeFor } from "../../../server/services/operator-notices";

/**
 * GET /notices/current: the operator notice this person has not closed yet on this brand (spec §2
 * admin dialog, decision 041). Asked by the browser after the page is up, so pages shared between
 * visitors (decision 007) stay the same for everybody and cost no extra query.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const headers = { "Cache-Control": "private, no-store" };
  if (!app.service) return Response.json({ notice: null }, { headers });
  const cookies = parse(request.headers.get("Cookie") ?? "", NOTICE_DISMISSED_COOKIE);
  const notice = await currentNoticeFor(app.db, {
    serviceId: app.service.id,
    userId: app.user?.id ?? null,
    dismissedIds: app.user ? [] : parseDismissedCookie(cookies[NOTICE_DISMISSED_COOKIE]),
    now: Date.now(),
  });
  // the dialog's button in the reader's language, so the layout needs no extra namespace
  return Response.json({ notice: notice ? { ...notice, closeText: app.t("notices:dialog.close") } : null }, { headers });
}
