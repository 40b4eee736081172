import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The URL table of the app, pinned: moving route files between folders or rewriting app/routes.ts
 * must keep every URL and its parent layout (the outlet it renders in) exactly as they are. Each
 * line is a URL pattern, "(index)" for an index route, then "<" and its parent route's line.
 * Adding or removing a page means changing this list on purpose.
 */
const URL_TABLE = [
  "/ (index)",
  "/*",
  "/:uniquePath",
  "/account/confirmation",
  "/account/confirmation_email",
  "/account/mail_confirm_failed",
  "/account/password_reset",
  "/account/password_reset_complete",
  "/account/sign_up",
  "/account/sign_up/twitter",
  "/account/sign_up/twitter/callback",
  "/account/sign_up_complete",
  "/contest/:slug",
  "/auth/login",
  "/auth/login/otp",
  "/auth/sso",
  "/dev/mailbox",
  "/dev/renewals",
  "/dev/bulk-messages",
  "/dev/earnings",
  "/dev/discord/authorize",
  "/me/discord",
  "/me/discord/connect",
  "/me/discord/callback",
  "/me/fanclub/applications",
  "/me/fanclub/applications/discord",
  "/me/fanclub/applications/discord/connect",
  "/me/fanclub/applications/discord/callback",
  "/me/fanclub/low/edit",
  "/me/settings/payment",
  "/me/settings/payment/new",
  "/me/settings/payment/edit",
  "/account/confirmation_password",
  "/me/fanclub/posts/picture",
  "/me/fanclub/posts/streaming",
  "/me/fanclub/posts/complete",
  "/groups/:id/notifies/:postId",
  "/groups/:id/notifies/:postId/post_tippings",
  "/@_",
  "/@_/:uniquePath",
  "/@_/:uniquePath/:liveId",
  "/fanclubs (index)",
  "/fanclubs/:id (index) < /fanclubs/:id",
  "/fanclubs/:id",
  "/fanclubs/:id/:tab < /fanclubs/:id",
  "/fanclubs/:id/lessons < /fanclubs/:id",
  "/fanclubs/:id/profile < /fanclubs/:id",
  "/fanclubs/:id/lives (index) < /fanclubs/:id",
  "/fanclubs/:id/lives/:liveId < /fanclubs/:id",
  "/fanclubs/:id/posts (index) < /fanclubs/:id",
  "/fanclubs/:id/posts/:postId < /fanclubs/:id",
  "/fanclubs/:id/posts/:postId/post_tippings < /fanclubs/:id",
  "/fanclubs/:id/products (index) < /fanclubs/:id",
  "/fanclubs/:id/products/:productId < /fanclubs/:id",
  "/fanclubs/:id/raffles (index) < /fanclubs/:id",
  "/fanclubs/:id/raffles/:raffleId < /fanclubs/:id",
  "/fanclubs/:id/schedules.ics",
  "/fanclubs/:id/talks (index) < /fanclubs/:id",
  "/fanclubs/:id/talks/:talkId < /fanclubs/:id",
  "/fanclubs/:id/talks/new < /fanclubs/:id",
  "/fanclubs/:id/schedules (index) < /fanclubs/:id",
  "/fanclubs/:id/schedules/:day < /fanclubs/:id",
  "/fanclubs/:id/special_tickets < /fanclubs/:id",
  "/fanclubs/:id/dc_three_contents < /fanclubs/:id",
  "/groups/:id (index) < /groups/:id",
  "/groups/:id",
  "/groups/:id/notifies < /groups/:id",
  "/groups/:id/posts < /groups/:id",
  "/help/:page",
  "/help/fanclub_open_request",
  "/help/inquiry",
  "/me/address",
  "/me/card_registration",
  "/me/coin_vesting_campaign",
  "/me/coins",
  "/me/editor_invitations",
  "/me/fanclub (index)",
  "/me/fanclub/:section",
  "/me/fanclub/edit",
  "/me/fanclub/editors",
  "/me/fanclub/fans",
  "/me/fanclub/leak_trace",
  "/me/fanclub/talks",
  "/me/fanclub/schedules (index)",
  "/me/fanclub/schedules/new",
  "/me/fanclub/schedules/:id/edit",
  "/me/fanclub/invoice_number",
  "/me/fanclub/lesson_reserve/:id/edit",
  "/me/fanclub/lesson_reserve/new",
  "/me/fanclub/lesson_reserve/show",
  "/me/fanclub/lesson_reserve/show/calendar",
  "/me/fanclub/live_events (index)",
  "/me/fanclub/live_events/:id",
  "/me/fanclub/live_events/edit/:id",
  "/me/fanclub/live_events/new",
  "/me/fanclub/messages (index)",
  "/me/fanclub/messages/:id",
  "/me/fanclub/messages/bulk",
  "/me/fanclub/messages/new",
  "/me/fanclub/new",
  "/me/fanclub/plans (index)",
  "/me/fanclub/plans/:id/close",
  "/me/fanclub/plans/:id/edit",
  "/me/fanclub/plans/new",
  "/me/fanclub/posts (index)",
  "/me/fanclub/posts/edit/:id/:postTypeStr",
  "/me/fanclub/posts/new/:postTypeStr",
  "/me/fanclub/products (index)",
  "/me/fanclub/products/:id/edit",
  "/me/fanclub/products/new",
  "/me/fanclub/purchases (index) < /me/fanclub/purchases",
  "/me/fanclub/purchases",
  "/me/fanclub/purchases/live_events < /me/fanclub/purchases",
  "/me/fanclub/purchases/products < /me/fanclub/purchases",
  "/me/fanclub/purchases/raffles < /me/fanclub/purchases",
  "/me/fanclub/raffles (index)",
  "/me/fanclub/raffles/:id/edit",
  "/me/fanclub/raffles/new",
  "/me/fanclub/sales/invoices",
  "/me/fanclub/sales/invoices/:file",
  "/me/fanclub/tippings",
  "/me/fanclub/transfer",
  "/me/fanclub/transfer/history",
  "/me/fanclub/sales",
  "/me/fanclub/sales/csv",
  "/me/fanclub/tips",
  "/me/fanclub/special_ticket",
  "/me/fanclub/dc_three_contents",
  "/me/fanclub/share_goals (index)",
  "/me/fanclub/share_goals/new",
  "/me/fanclub/share_goals/:id/edit",
  "/me/fanclub/share_goals/:id/close",
  "/me/fanclub/campaigns (index)",
  "/me/fanclub/campaigns/new",
  "/me/fanclub/campaigns/:id/edit",
  "/me/special_tickets",
  "/me/campaigns",
  "/me/campaigns/:id",
  "/me/fanclub_group (index)",
  "/me/fanclub_group/close",
  "/me/fanclub_group/edit",
  "/me/fanclub_group/edit_member",
  "/me/fanclub_group/invitations (index)",
  "/me/fanclub_group/invitations/:id",
  "/me/fanclub_group/new",
  "/me/following",
  "/me/joining",
  "/me/lesson_reservations/:id",
  "/me/lesson_reservations/:id/calendar.ics",
  "/me/managed_fanclubs/sales",
  "/me/managed_fanclubs/sales/invoices/:fanclubId/:file",
  "/me/managed_fanclubs/transfer_histories",
  "/me/managed_fanclubs/transfers",
  "/me/messages (index)",
  "/me/messages/:id",
  "/me/messages/new",
  "/me/purchase_histories (index) < /me/purchase_histories",
  "/me/purchase_histories",
  "/me/purchase_histories/lesson_reservation < /me/purchase_histories",
  "/me/purchase_histories/live_event_tickets < /me/purchase_histories",
  "/me/purchase_histories/products < /me/purchase_histories",
  "/me/purchase_histories/raffles < /me/purchase_histories",
  "/me/purchase_histories/tippings < /me/purchase_histories",
  "/me/settings (index)",
  "/me/settings/account",
  "/me/settings/bank",
  "/me/settings/link_applications",
  "/me/settings/notifications",
  "/me/transfer",
  "/me/transfer/history",
  "/me/user/leave",
  "/notifications",
  "/ops/contests",
  "/ops/contests/new",
  "/ops/contests/:id/edit",
  "/ops/open_requests",
  "/ops/payouts",
  "/ops/payouts/:period/file",
  "/ops/media_flags",
  "/ops/campaigns",
  "/ops/notices",
  "/notices/current",
  "/notices/:id/dismiss",
  "/posts (index)",
  "/products (index)",
  "/profile (index)",
  "/profile/:token",
  "/sso/callback",
  "/creator",
  "/welcome",
];

interface Entry {
  path?: string;
  index?: boolean;
  file: string;
  children?: Entry[];
}

async function loadRouteConfig(): Promise<Entry[]> {
  // File-system route helpers ask the Remix plugin for the app folder; outside a build we say it.
  (globalThis as { __remixAppDirectory?: string }).__remixAppDirectory = path.resolve("app");
  const { default: config } = await import("../../app/routes");
  return (await config) as Entry[];
}

function flatten(routes: Entry[], parentPath = "", parentLine: string | null = null, out: { line: string; file: string }[] = []) {
  for (const r of routes) {
    const full = [parentPath, r.path ?? ""].filter(Boolean).join("/");
    const own = `/${full}${r.index ? " (index)" : ""}`;
    // a pathless layout would add no URL of its own; name it by file so it still shows up here
    const key = r.path === undefined && !r.index ? `${own} (layout ${r.file})` : own;
    out.push({ line: parentLine ? `${key} < ${parentLine}` : key, file: r.file });
    if (r.children) flatten(r.children, full, key, out);
  }
  return out;
}

describe("the route table", () => {
  let routes: Entry[] = [];
  // the route helpers load the Remix compiler, which takes seconds on a busy machine
  beforeAll(async () => {
    routes = await loadRouteConfig();
  }, 60_000);

  it("serves exactly today's URLs with today's nesting", () => {
    const lines = flatten(routes).map((e) => e.line);
    expect([...lines].sort()).toEqual([...URL_TABLE].sort());
  });

  it("names only route modules that exist", () => {
    const missing = flatten(routes)
      .map((e) => e.file)
      .filter((file) => !existsSync(path.resolve("app", file)));
    expect(missing).toEqual([]);
  });
});
