import { index, prefix, route, type RouteConfig } from "@remix-run/route-config";

// The URL table, by domain (docs/decisions/026). Each domain's pages live in app/routes/<domain>/;
// a file is named after its URL ("me.fanclub.plans.new.tsx" serves /me/fanclub/plans/new), and a
// route with private pieces (components or queries only it uses) is a folder holding route.tsx
// beside them. Nesting is written out here: a child renders in its parent's <Outlet />.
// tests/unit/route-table.test.ts pins every URL and its parent.

/** Sign-up, sign-in (login domain, SSO), profile, account settings, notifications, leaving. */
const accounts = [
  ...prefix("account", [
    route("sign_up", "routes/accounts/account.sign_up.tsx"),
    route("sign_up/twitter", "routes/accounts/account.sign_up.twitter.tsx"),
    route("sign_up/twitter/callback", "routes/accounts/account.sign_up.twitter.callback.tsx"),
    route("sign_up_complete", "routes/accounts/account.sign_up_complete.tsx"),
    route("confirmation", "routes/accounts/account.confirmation.tsx"),
    route("confirmation_email", "routes/accounts/account.confirmation_email.tsx"),
    route("mail_confirm_failed", "routes/accounts/account.mail_confirm_failed.tsx"),
    route("password_reset", "routes/accounts/account.password_reset.tsx"),
    route("password_reset_complete", "routes/accounts/account.password_reset_complete.tsx"),
  ]),
  ...prefix("auth", [
    route("login", "routes/accounts/auth.login/route.tsx"),
    route("login/otp", "routes/accounts/auth.login.otp/route.tsx"),
    route("sso", "routes/accounts/auth.sso.tsx"),
  ]),
  route("sso/callback", "routes/accounts/sso.callback.tsx"),
  ...prefix("profile", [index("routes/accounts/profile._index.tsx"), route(":token", "routes/accounts/profile.$token/route.tsx")]),
  ...prefix("me/settings", [
    index("routes/accounts/me.settings._index.tsx"),
    route("account", "routes/accounts/me.settings.account/route.tsx"),
    route("link_applications", "routes/accounts/me.settings.link_applications.tsx"),
    route("notifications", "routes/accounts/me.settings.notifications.tsx"),
    route("bank", "routes/accounts/me.settings.bank/route.tsx"),
  ]),
  route("me/user/leave", "routes/accounts/me.user.leave.tsx"),
  route("notifications", "routes/accounts/notifications.tsx"),
];

/** The home page, the platform-wide lists, and a visitor's own following and joined lists. */
const discovery = [
  index("routes/discovery/_index.tsx"),
  ...prefix("fanclubs", [index("routes/discovery/fanclubs._index.tsx")]),
  ...prefix("posts", [index("routes/discovery/posts._index/route.tsx")]),
  ...prefix("products", [index("routes/discovery/products._index.tsx")]),
  route("me/following", "routes/discovery/me.following.tsx"),
  route("me/joining", "routes/discovery/me.joining.tsx"),
  // the creator landing page and the welcome page of new accounts (spec §2, decision 041)
  route("creator", "routes/landing/creator.tsx"),
  route("welcome", "routes/landing/welcome.tsx"),
];

/** A fan club's live list and live pages (app/routes/live/), shown below the fan club's header. */
const live = [
  ...prefix("lives", [
    index("routes/live/fanclubs.$id.lives._index/route.tsx"),
    route(":liveId", "routes/live/fanclubs.$id.lives.$liveId/route.tsx"),
  ]),
];

/** A fan club's public pages under its header and tabs, its unique path, and group pages. */
const fanclubPages = [
  route("fanclubs/:id", "routes/fanclub/fanclubs.$id.tsx", [
    index("routes/fanclub/fanclubs.$id._index.tsx"),
    route("profile", "routes/fanclub/fanclubs.$id.profile.tsx"),
    route(":tab", "routes/fanclub/fanclubs.$id.$tab.tsx"),
    ...prefix("posts", [
      index("routes/fanclub/fanclubs.$id.posts._index.tsx"),
      route(":postId", "routes/fanclub/fanclubs.$id.posts.$postId/route.tsx"),
      route(":postId/post_tippings", "routes/fanclub/fanclubs.$id.posts.$postId.post_tippings.tsx"),
    ]),
    ...prefix("products", [
      index("routes/fanclub/fanclubs.$id.products._index.tsx"),
      route(":productId", "routes/fanclub/fanclubs.$id.products.$productId/route.tsx"),
    ]),
    route("lessons", "routes/fanclub/fanclubs.$id.lessons.tsx"),
    route("special_tickets", "routes/fanclub/fanclubs.$id.special_tickets.tsx"),
    route("dc_three_contents", "routes/fanclub/fanclubs.$id.dc_three_contents.tsx"),
    ...prefix("raffles", [
      index("routes/fanclub/fanclubs.$id.raffles._index.tsx"),
      route(":raffleId", "routes/fanclub/fanclubs.$id.raffles.$raffleId/route.tsx"),
    ]),
    ...prefix("talks", [
      index("routes/fanclub/fanclubs.$id.talks._index.tsx"),
      route("new", "routes/fanclub/fanclubs.$id.talks.new.tsx"),
      route(":talkId", "routes/fanclub/fanclubs.$id.talks.$talkId.tsx"),
    ]),
    ...prefix("schedules", [
      index("routes/fanclub/fanclubs.$id.schedules._index.tsx"),
      route(":day", "routes/fanclub/fanclubs.$id.schedules.$day.tsx"),
    ]),
    ...live,
  ]),
  // the calendar feed a calendar app subscribes to: a resource route outside the page frame
  route("fanclubs/:id/schedules.ics", "routes/fanclub/fanclubs.$id.schedules[.ics].ts"),
  route(":uniquePath", "routes/fanclub/$uniquePath.tsx"),
  route("groups/:id", "routes/fanclub/groups.$id.tsx", [
    index("routes/fanclub/groups.$id._index.tsx"),
    route("posts", "routes/fanclub/groups.$id.posts.tsx"),
    route("notifies", "routes/fanclub/groups.$id.notifies.tsx"),
  ]),
];

/** A creator's management pages: the fan club, its content and sales, groups, editors. */
const creator = [
  ...prefix("me/fanclub", [
    index("routes/creator/me.fanclub._index.tsx"),
    route("new", "routes/creator/me.fanclub.new.tsx"),
    route("edit", "routes/creator/me.fanclub.edit.tsx"),
    route(":section", "routes/creator/me.fanclub.$section.tsx"),
    route("invoice_number", "routes/creator/me.fanclub.invoice_number.tsx"),
    route("fans", "routes/creator/me.fanclub.fans.tsx"),
    route("leak_trace", "routes/creator/me.fanclub.leak_trace.tsx"),
    route("talks", "routes/creator/me.fanclub.talks.tsx"),
    ...prefix("schedules", [
      index("routes/creator/me.fanclub.schedules._index.tsx"),
      route("new", "routes/creator/me.fanclub.schedules.new.tsx"),
      route(":id/edit", "routes/creator/me.fanclub.schedules.$id.edit.tsx"),
    ]),
    route("editors", "routes/creator/me.fanclub.editors.tsx"),
    route("tips", "routes/creator/me.fanclub.tips.tsx"),
    route("tippings", "routes/creator/me.fanclub.tippings.tsx"),
    route("transfer", "routes/creator/me.fanclub.transfer._index.tsx"),
    route("transfer/history", "routes/creator/me.fanclub.transfer.history.tsx"),
    route("sales", "routes/creator/me.fanclub.sales.tsx"),
    route("sales/csv", "routes/creator/me.fanclub.sales.csv.tsx"),
    route("lesson_reserve/show", "routes/creator/me.fanclub.lesson_reserve.show.tsx"),
    route("lesson_reserve/show/calendar", "routes/creator/me.fanclub.lesson_reserve.show.calendar.tsx"),
    route("lesson_reserve/new", "routes/creator/me.fanclub.lesson_reserve.new.tsx"),
    route("lesson_reserve/:id/edit", "routes/creator/me.fanclub.lesson_reserve.$id.edit.tsx"),
    route("sales/invoices", "routes/creator/me.fanclub.sales.invoices._index.tsx"),
    route("sales/invoices/:file", "routes/creator/me.fanclub.sales.invoices.$file.ts"),
    // special tickets, share goals and campaigns (docs/decisions/037)
    route("special_ticket", "routes/creator/me.fanclub.special_ticket.tsx"),
    route("dc_three_contents", "routes/creator/me.fanclub.dc_three_contents.tsx"),
    ...prefix("share_goals", [
      index("routes/creator/me.fanclub.share_goals._index.tsx"),
      route("new", "routes/creator/me.fanclub.share_goals.new.tsx"),
      route(":id/edit", "routes/creator/me.fanclub.share_goals.$id.edit.tsx"),
      route(":id/close", "routes/creator/me.fanclub.share_goals.$id.close.tsx"),
    ]),
    ...prefix("campaigns", [
      index("routes/creator/me.fanclub.campaigns._index.tsx"),
      route("new", "routes/creator/me.fanclub.campaigns.new.tsx"),
      route(":id/edit", "routes/creator/me.fanclub.campaigns.$id.edit.tsx"),
    ]),
    ...prefix("plans", [
      index("routes/creator/me.fanclub.plans._index.tsx"),
      route("new", "routes/creator/me.fanclub.plans.new.tsx"),
      route(":id/edit", "routes/creator/me.fanclub.plans.$id.edit.tsx"),
      route(":id/close", "routes/creator/me.fanclub.plans.$id.close.tsx"),
    ]),
    ...prefix("posts", [
      index("routes/creator/me.fanclub.posts._index.tsx"),
      route("new/:postTypeStr", "routes/creator/me.fanclub.posts.new.$postTypeStr.tsx"),
      route("edit/:id/:postTypeStr", "routes/creator/me.fanclub.posts.edit.$id.$postTypeStr.tsx"),
    ]),
    ...prefix("products", [
      index("routes/creator/me.fanclub.products._index.tsx"),
      route("new", "routes/creator/me.fanclub.products.new.tsx"),
      route(":id/edit", "routes/creator/me.fanclub.products.$id.edit/route.tsx"),
    ]),
    ...prefix("raffles", [
      index("routes/creator/me.fanclub.raffles._index.tsx"),
      route("new", "routes/creator/me.fanclub.raffles.new.tsx"),
      route(":id/edit", "routes/creator/me.fanclub.raffles.$id.edit/route.tsx"),
    ]),
    ...prefix("live_events", [
      index("routes/creator/me.fanclub.live_events._index.tsx"),
      route("new", "routes/creator/me.fanclub.live_events.new.tsx"),
      route("edit/:id", "routes/creator/me.fanclub.live_events.edit.$id.tsx"),
      route(":id", "routes/creator/me.fanclub.live_events.$id/route.tsx"),
    ]),
    route("purchases", "routes/creator/me.fanclub.purchases.tsx", [
      index("routes/creator/me.fanclub.purchases._index.tsx"),
      route("products", "routes/creator/me.fanclub.purchases.products.tsx"),
      route("raffles", "routes/creator/me.fanclub.purchases.raffles.tsx"),
      route("live_events", "routes/creator/me.fanclub.purchases.live_events.tsx"),
    ]),
  ]),
  ...prefix("me/fanclub_group", [
    index("routes/creator/me.fanclub_group._index.tsx"),
    route("new", "routes/creator/me.fanclub_group.new.tsx"),
    route("edit", "routes/creator/me.fanclub_group.edit.tsx"),
    route("edit_member", "routes/creator/me.fanclub_group.edit_member.tsx"),
    route("close", "routes/creator/me.fanclub_group.close.tsx"),
    ...prefix("invitations", [
      index("routes/creator/me.fanclub_group.invitations._index.tsx"),
      route(":id", "routes/creator/me.fanclub_group.invitations.$id.tsx"),
    ]),
  ]),
  route("me/managed_fanclubs/sales", "routes/creator/me.managed_fanclubs.sales.tsx"),
  route("me/managed_fanclubs/sales/invoices/:fanclubId/:file", "routes/creator/me.managed_fanclubs.sales.invoices.$fanclubId.$file.ts"),
  route("me/managed_fanclubs/transfers", "routes/creator/me.managed_fanclubs.transfers.tsx"),
  route("me/managed_fanclubs/transfer_histories", "routes/creator/me.managed_fanclubs.transfer_histories.tsx"),
  route("me/editor_invitations", "routes/creator/me.editor_invitations.tsx"),
  route("me/fanclub/applications", "routes/creator/me.fanclub.applications._index.tsx"),
  route("me/fanclub/applications/discord", "routes/creator/me.fanclub.applications.discord.tsx"),
  route("me/fanclub/applications/discord/connect", "routes/creator/me.fanclub.applications.discord.connect.ts"),
  route("me/fanclub/applications/discord/callback", "routes/creator/me.fanclub.applications.discord.callback.ts"),
];

/** Discord: a fan's linked account and the servers of fan clubs (docs/decisions/040). */
const discord = [
  route("me/discord", "routes/discord/me.discord.tsx"),
  route("me/discord/connect", "routes/discord/me.discord.connect.ts"),
  route("me/discord/callback", "routes/discord/me.discord.callback.ts"),
];

/** The fan's special tickets and campaigns (docs/decisions/037). */
const community = [
  route("me/special_tickets", "routes/community/me.special_tickets.tsx"),
  route("me/campaigns", "routes/community/me.campaigns._index.tsx"),
  route("me/campaigns/:id", "routes/community/me.campaigns.$id.tsx"),
];

/** The wallet (coins, cards, campaign), the delivery address, and purchase histories. */
const money = [
  route("me/coins", "routes/money/me.coins.tsx"),
  route("me/coin_vesting_campaign", "routes/money/me.coin_vesting_campaign.tsx"),
  route("me/card_registration", "routes/money/me.card_registration/route.tsx"),
  route("me/address", "routes/money/me.address.tsx"),
  route("me/transfer", "routes/money/me.transfer._index.tsx"),
  route("me/transfer/history", "routes/money/me.transfer.history.tsx"),
  route("me/lesson_reservations/:id", "routes/money/me.lesson_reservations.$id.tsx"),
  route("me/lesson_reservations/:id/calendar.ics", "routes/money/me.lesson_reservations.$id.calendar.ics.ts"),
  route("me/purchase_histories", "routes/money/me.purchase_histories.tsx", [
    index("routes/money/me.purchase_histories._index.tsx"),
    route("products", "routes/money/me.purchase_histories.products.tsx"),
    route("raffles", "routes/money/me.purchase_histories.raffles.tsx"),
    route("tippings", "routes/money/me.purchase_histories.tippings.tsx"),
    route("live_event_tickets", "routes/money/me.purchase_histories.live_event_tickets.tsx"),
    route("lesson_reservation", "routes/money/me.purchase_histories.lesson_reservation.tsx"),
  ]),
];

/** Help articles, the inquiry form and the request to open a fan club. */
const help = [
  ...prefix("help", [
    route(":page", "routes/help/help.$page.tsx"),
    route("inquiry", "routes/help/help.inquiry.tsx"),
    route("fanclub_open_request", "routes/help/help.fanclub_open_request.tsx"),
  ]),
];

/** Messages (issue 20): the fan's threads on the user domain, the fan club's inbox and messages to many. */
const messages = [
  ...prefix("me/messages", [
    index("routes/messages/me.messages._index.tsx"),
    route("new", "routes/messages/me.messages.new.tsx"),
    route(":id", "routes/messages/me.messages.$id.tsx"),
  ]),
  ...prefix("me/fanclub/messages", [
    index("routes/messages/me.fanclub.messages._index.tsx"),
    route("new", "routes/messages/me.fanclub.messages.new.tsx"),
    route("bulk", "routes/messages/me.fanclub.messages.bulk.tsx"),
    route(":id", "routes/messages/me.fanclub.messages.$id.tsx"),
  ]),
];
/** Contests (spec §2 /contest/*): each contest's page, on the user domain. */
const contests = [route("contest/:slug", "routes/contests/contest.$slug/route.tsx")];

/** The operator's pages. */
const operator = [
  route("ops/contests", "routes/operator/ops.contests._index.tsx"),
  route("ops/contests/new", "routes/operator/ops.contests.new.tsx"),
  route("ops/contests/:id/edit", "routes/operator/ops.contests.$id.edit.tsx"),
  route("ops/open_requests", "routes/operator/ops.open_requests.tsx"),
  route("ops/payouts", "routes/operator/ops.payouts.tsx"),
  route("ops/media_flags", "routes/operator/ops.media_flags.tsx"),
  route("ops/campaigns", "routes/operator/ops.campaigns.tsx"),
  // operator notices: the staff page, and what every brand's pages ask for (decision 041)
  route("ops/notices", "routes/operator/ops.notices.tsx"),
  route("notices/current", "routes/notices/notices.current.ts"),
  route("notices/:id/dismiss", "routes/notices/notices.$id.dismiss.ts"),
  route("ops/payouts/:period/file", "routes/operator/ops.payouts.$period.file.ts"),
];

/** Paths of spec §2 whose page lives at another address: each redirects there (issue 23). */
const R = "routes/redirects/spec-paths.ts";
const specPaths = [
  route("me/fanclub/low/edit", R, { id: "spec-path-law" }),
  route("me/settings/payment", R, { id: "spec-path-payment" }),
  route("me/settings/payment/new", R, { id: "spec-path-payment-new" }),
  route("me/settings/payment/edit", R, { id: "spec-path-payment-edit" }),
  route("account/confirmation_password", R, { id: "spec-path-confirmation-password" }),
  route("me/fanclub/posts/picture", R, { id: "spec-path-posts-picture" }),
  route("me/fanclub/posts/streaming", R, { id: "spec-path-posts-streaming" }),
  route("me/fanclub/posts/complete", R, { id: "spec-path-posts-complete" }),
  route("groups/:id/notifies/:postId", R, { id: "spec-path-group-notify" }),
  route("groups/:id/notifies/:postId/post_tippings", R, { id: "spec-path-group-notify-tippings" }),
  route("@_", R, { id: "spec-path-live-unique" }),
  route("@_/:uniquePath", R, { id: "spec-path-live-unique-lives" }),
  route("@_/:uniquePath/:liveId", R, { id: "spec-path-live-unique-live" }),
];

/** Development helpers. */
const dev = [
  route("dev/mailbox", "routes/dev/dev.mailbox.tsx"),
  route("dev/renewals", "routes/dev/dev.renewals.ts"),
  route("dev/bulk-messages", "routes/dev/dev.bulk-messages.ts"),
  route("dev/earnings", "routes/dev/dev.earnings.ts"),
  route("dev/discord/authorize", "routes/dev/dev.discord.authorize.tsx"),
];

export default [
  ...discovery,
  ...accounts,
  ...fanclubPages,
  ...creator,
  ...discord,
  ...specPaths,
  ...money,
  ...community,
  ...help,
  ...messages,
  ...contests,
  ...operator,
  ...dev,
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
