import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { idParam } from "../../../server/http/params";
import { scheduleFeedText } from "../../../server/services/schedule-feed";
import { loadFeed } from "../../../server/services/schedules";

/**
 * /fanclubs/{id}/schedules.ics: the fan club's calendar as iCalendar, for calendar apps. Public
 * entries and live events for everyone; `?token=` (a fan's private address) adds members-only
 * entries while that fan has access. An unknown or revoked token is a 404, never a quiet fallback.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const token = new URL(request.url).searchParams.get("token");
  const now = Date.now();
  const feed = await loadFeed(app.db, { fanclubId: idParam(params.id), token, now });
  if (!feed.ok) throw new Response(null, { status: 404 });
  const frontUrl = app.service?.frontUrl ?? new URL(request.url).origin;
  const body = scheduleFeedText({ fanclub: feed.fanclub, frontUrl, host: new URL(frontUrl).host, entries: feed.entries, now });
  return new Response(body, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      // a private feed is the fan's own; the public one may be cached briefly
      "cache-control": feed.private ? "private, no-store" : "public, max-age=300",
    },
  });
}
