/**
 * Fan club and plan rules that pages, the API and tests share (spec §2, §3, §5).
 */

/** Monthly plan prices in yen, tax included. 0 is a free plan. */
export const PLAN_PRICE = { free: 0, min: 100, max: 50_000 } as const;

export function isValidPlanPrice(price: number): boolean {
  return Number.isInteger(price) && (price === PLAN_PRICE.free || (price >= PLAN_PRICE.min && price <= PLAN_PRICE.max));
}

/** `/@{uniquePath}`: 3–30 lower-case letters, digits and underscores, not only underscores. */
const UNIQUE_PATH = /^[a-z0-9_]{3,30}$/;
const RESERVED_PATHS = new Set([
  "_",
  "me",
  "api",
  "admin",
  "auth",
  "account",
  "help",
  "fanclubs",
  "groups",
  "profile",
  "notifications",
  "official",
  "support",
  "fanclub",
]);

export function isValidUniquePath(path: string): boolean {
  return UNIQUE_PATH.test(path) && /[a-z0-9]/.test(path) && !RESERVED_PATHS.has(path);
}

/**
 * Qualified invoice issuer number: "T" and 13 digits whose first digit checks the other twelve
 * (the corporate number check digit: 9 − (Σ digit × weight mod 9), weights 1,2,1,2… from the
 * right).
 */
export function isValidInvoiceNumber(input: string): boolean {
  const value = input.normalize("NFKC").trim().toUpperCase();
  if (!/^T\d{13}$/.test(value)) return false;
  const digits = value.slice(1);
  const check = Number(digits[0]);
  const body = digits.slice(1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - i; // 1-based position from the right
    sum += Number(body[i]) * (fromRight % 2 === 1 ? 1 : 2);
  }
  return check === 9 - (sum % 9);
}

/** The plan button states of spec §2, in the spec's order of precedence. */
export type PlanButtonState = "edit" | "supporting" | "disabled" | "login" | "support" | "changePlan";

export function planButtonState(input: {
  isOwner: boolean;
  /** the plan the viewer currently supports in this fan club, if any */
  joinedPlanId: number | null;
  planId: number;
  /** the plan has reached its join limit (or is closed to new members) */
  limitReached: boolean;
  loggedIn: boolean;
}): PlanButtonState {
  if (input.isOwner) return "edit";
  if (input.joinedPlanId === input.planId) return "supporting";
  if (input.limitReached) return "disabled";
  if (!input.loggedIn) return "login";
  if (input.joinedPlanId === null) return "support";
  return "changePlan";
}

/** Fan club categories (search filter and the profile's category choice). */
export const FANCLUB_CATEGORIES = [
  "vtuber",
  "music",
  "illustration",
  "game",
  "video",
  "cosplay",
  "idol",
  "voice",
  "writing",
  "other",
] as const;
export type FanclubCategory = (typeof FANCLUB_CATEGORIES)[number];

export function isFanclubCategory(value: string): value is FanclubCategory {
  return (FANCLUB_CATEGORIES as readonly string[]).includes(value);
}

/** A fan club is marked new for its first 30 days. */
const NEW_FANCLUB_DAYS = 30;

export function isNewFanclub(createdAt: number, now: number): boolean {
  return now - createdAt < NEW_FANCLUB_DAYS * 24 * 60 * 60 * 1000;
}

/** Whether a plan takes new members: open, and below its join limit. */
export function planAcceptsMembers(plan: { closedAt: number | null; joinLimit: number | null; memberCount: number }): boolean {
  return plan.closedAt === null && (plan.joinLimit === null || plan.memberCount < plan.joinLimit);
}

/**
 * Who may open a fan club, and where (spec §2 'open a fan club' button, §3 isOpenFanclub), as
 * decision 041 reads the rule:
 * - hidden unless the person is signed in, has no own fan club (isOpenFanclub) and a brand
 *   (service) is known: the host's brand, or on the base, user and login hosts the brand used last;
 * - the brand's open-request help page when the brand requires an open request that an operator
 *   has not approved for this person yet;
 * - the brand's new-fan-club page on the brand's own host when the brand is another than the
 *   host's (the shared hosts serve no brand): a full URL, the page lives there;
 * - otherwise /me/fanclub/new on this host.
 */
export type OpenFanclubLink =
  { kind: "hidden" } | { kind: "request"; href: string } | { kind: "otherBrand"; href: string } | { kind: "open"; href: string };

export function openFanclubLink(input: {
  signedIn: boolean;
  hasOwnFanclub: boolean;
  brand: { id: number; frontUrl: string; requireOpenRequest: boolean } | null;
  /** false on the base, user and login domains, where the brand is the one used last */
  onBrandHost: boolean;
  approvedServiceIds: readonly number[];
}): OpenFanclubLink {
  if (!input.signedIn || input.hasOwnFanclub || !input.brand) return { kind: "hidden" };
  const origin = input.onBrandHost ? "" : input.brand.frontUrl;
  if (input.brand.requireOpenRequest && !input.approvedServiceIds.includes(input.brand.id)) {
    return { kind: "request", href: `${origin}/help/fanclub_open_request` };
  }
  if (!input.onBrandHost) return { kind: "otherBrand", href: `${input.brand.frontUrl}/me/fanclub/new` };
  return { kind: "open", href: "/me/fanclub/new" };
}

/**
 * The sidebar's one 'open a fan club' button: where the person may open one (or ask to), it goes
 * there; visitors get the guide on how opening works instead; nothing for someone who already
 * owns a fan club or where no brand is known.
 */
export type SidebarOpenButton = { kind: "none" } | { kind: "guide" } | { kind: "open"; href: string };

export function sidebarOpenButton(input: { signedIn: boolean; hasOwnFanclub: boolean; openLink: OpenFanclubLink }): SidebarOpenButton {
  if (!input.signedIn) return { kind: "guide" };
  if (input.hasOwnFanclub || input.openLink.kind === "hidden") return { kind: "none" };
  return { kind: "open", href: input.openLink.href };
}

/** The public fan club tabs (spec §2); all but home fill in with later features. */
export const FANCLUB_TABS = [
  "home",
  "posts",
  "products",
  "raffles",
  "lives",
  "lessons",
  "special_tickets",
  "dc_three_contents",
  "schedules",
  "talks",
  "profile",
] as const;
