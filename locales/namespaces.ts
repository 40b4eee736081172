/**
 * Translation namespaces: `common` for every page, `help` for the help pages and inquiry form,
 * `account` for sign-up, sign-in, account settings and the e-mails they send, `address` for
 * delivery addresses, `preferences` for notification settings and linked accounts, `creator` for
 * the fan club management pages (open, profile, plans, editors' menu), `fanclub` for the public
 * fan club pages and plan cards, `groups` for fan club groups, `fans` for fans, blocks and editors,
 * `discovery` for the home page, recommendations and the joined fan club lists, `posts` for post
 * management, the post form and the post pages, `comments` for likes and comments of posts,
 * `uploads` for file uploads, `blog` for the blog editor, `payments` for the cart, the payment modal
 * and payment errors, `wallet` for coins, coin campaigns and card registration, `renewals` for
 * monthly renewals: their e-mails, the expired-plan alert and the payment method names, `tips` for
 * the tip page, a post's tips, the creator's tip lists and the fan's tip history, `lives` for
 * live events: the creator pages, the public lives pages, ticket page 10 and the ticket histories,
 * `live` for what a live event's room (chat, moderation, publishing) answers a socket, `raffles`
 * for raffles: the creator's pages and draw, the public pages, entry histories and result e-mails,
 * `products` for the shop: product pages, modal page 50, downloads and the product histories,
 * `payouts` for money out: bank accounts, payouts, the label pages, refund receipts, the
 * operator's payout page and their e-mails,
 * `invoices` for the platform's qualified invoices to creators: the PDF and its download list.
 * `sales` for the creator's sales page, its CSV and the managed fan clubs' sales.
 * `talks` for the fan club board: topics, comments, moderation and the creator's talk page;
 * `schedules` for the fan club calendar, its day view, the feed and the creator's schedule page.
 * `community` for special tickets, share goals and fan club campaigns.
 * `lessons` for lessons with reservations: the creator's slot pages, the lesson tab, modal page 80,
 * the reservation history and the reminder e-mails.
 * `landing` for the creator landing page (/creator) and the welcome page of new accounts.
 * `leak` for leak tracing: the creator's trace page and mark settings, the operator's bulk download alerts.
 * `discord` for Discord: the fan's linked account, the creator's server and roles, the local stand-in.
 * `contests` for contests: the contest pages, voting and the operator's contest pages.
 * `notices` for operator notices: the operator's notice page and the notice dialog of every brand.
 * `dc3` for DC3 contents: the creator's one-file downloads page and the fan club's downloads tab.
 */
export const NAMESPACES = [
  "common",
  "help",
  "account",
  "address",
  "preferences",
  "creator",
  "fanclub",
  "groups",
  "fans",
  "discovery",
  "posts",
  "comments",
  "uploads",
  "blog",
  "payments",
  "wallet",
  "renewals",
  "tips",
  "lives",
  "live",
  "raffles",
  "products",
  "payouts",
  "invoices",
  "sales",
  "messages",
  "talks",
  "schedules",
  "community",
  "lessons",
  "landing",
  "leak",
  "discord",
  "contests",
  "notices",
  "dc3",
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = "common";
